import { FakeBus } from '../bus/FakeBus.js';
import { Message, type JsonObject } from '../wire/Message.js';
import { personaCallTopic, Topics } from '../wire/topics.js';
import type { ToolBoxLike } from '../contract/checkToolBox.js';

/** A toolbox bound to an in-process {@link FakeBus}, spoken to through OVOS's per-toolbox bus API. */
export interface FakeBusRun {
  /** The in-process bus the toolbox is bound to. */
  bus: FakeBus;
  /**
   * Sends `ovos.persona.tools.discover` and resolves with this toolbox's answer: `{tools, toolbox_id}`
   * (or `{tools: [], toolbox_id, error, code}` when discovery failed).
   */
  discover(): Promise<JsonObject>;
  /**
   * Sends `ovos.persona.tools.<toolbox_id>.call` with `{name, kwargs}` and resolves with the answer:
   * `{result, toolbox_id}` or `{error, toolbox_id, code}`.
   */
  call(name: string, kwargs?: JsonObject): Promise<JsonObject>;
  /** Closes the toolbox (unbinding it) and the bus. */
  close(): Promise<void>;
}

/**
 * Binds `toolbox` to a fresh {@link FakeBus} as a host would and returns helpers that use the wire topics.
 * @param timeoutMs - how long `discover`/`call` wait for an answer; default 5000.
 * @throws from `discover`/`call` an `Error` when no answer came within `timeoutMs` (a toolbox must always answer).
 */
export function runOnFakeBus(toolbox: ToolBoxLike, timeoutMs = 5000): FakeBusRun {
  const bus = new FakeBus();
  toolbox.bind(bus);
  const ask = async (message: Message): Promise<JsonObject> => {
    const reply = await bus.waitForResponse(message, `${message.type}.response`, timeoutMs);
    if (reply === null) throw new Error(`toolbox '${toolbox.toolboxId}' did not answer ${message.type} within ${timeoutMs} ms`);
    return reply.data;
  };
  return {
    bus,
    discover: () => ask(new Message(Topics.personaDiscover)),
    call: (name, kwargs = {}) => ask(new Message(personaCallTopic(toolbox.toolboxId), { name, kwargs })),
    close: async () => {
      await toolbox.close();
      bus.close();
    },
  };
}
