import { toWireError } from '../errors/wireError.js';
import type { Message } from '../wire/Message.js';
import type { PersonaDiscoverResponseData, ToolboxCallResponseData } from '../wire/ovosResponses.js';
import type { ToolBox } from './ToolBox.js';

/**
 * Answers `ovos.persona.tools.discover` for `toolbox` with `{tools, toolbox_id}` after refreshing its cache (OVOS
 * V1/V2, `ToolBox.handle_discover`). Where OVOS would raise, answers `{tools: [], toolbox_id, error, code}` instead.
 */
export function answerDiscover(toolbox: ToolBox, message: Message): void {
  try {
    toolbox.refreshTools();
    const reply: PersonaDiscoverResponseData = { tools: toolbox.toolJsonList, toolbox_id: toolbox.toolboxId };
    toolbox.bus?.emit(message.response(reply));
  } catch (err) {
    const reply: PersonaDiscoverResponseData = { tools: [], toolbox_id: toolbox.toolboxId, ...toWireError(err) };
    toolbox.bus?.emit(message.response(reply));
  }
}

/**
 * Answers `ovos.persona.tools.<toolbox_id>.call` (`{name, kwargs}`) for `toolbox` with `{result, toolbox_id}` or
 * `{error, toolbox_id, code}` (OVOS `ToolBox.handle_call`, plus `code`). Never throws.
 */
export async function answerCall(toolbox: ToolBox, message: Message): Promise<void> {
  const data = message.data ?? {};
  const name = data.name ?? '';
  const kwargs = 'kwargs' in data ? data.kwargs : {};
  let reply: ToolboxCallResponseData;
  try {
    const result = await toolbox.callTool(name as string, kwargs);
    reply = { result, toolbox_id: toolbox.toolboxId };
  } catch (err) {
    const wire = toWireError(err);
    reply = { error: wire.error, toolbox_id: toolbox.toolboxId, code: wire.code };
  }
  toolbox.bus?.emit(message.response(reply));
}
