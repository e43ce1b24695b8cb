import { toWireError, type CallOutcome } from '@ovos-tools/core';
import type { CallToolOptions } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/contract';

/**
 * Runs `ToolBox.callTool` (validate args → tool → validate output) and turns whatever happens into a
 * {@link CallOutcome}; never rejects. Shared by the inline host and the worker/process runtime.
 */
export async function toolCallOutcome(instance: ToolBoxLike, name: string, args: unknown, options: CallToolOptions): Promise<CallOutcome> {
  try {
    return { ok: true, result: await instance.callTool(name, args, options) };
  } catch (err) {
    return { ok: false, error: toWireError(err) };
  }
}
