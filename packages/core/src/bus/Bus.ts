import type { MalformedMessageError } from '../wire/MalformedMessageError.js';
import type { Message } from '../wire/Message.js';

/** A handler for messages of one type. A returned promise is awaited only to catch and log its rejection. */
export type BusHandler = (message: Message) => void | Promise<void>;

/**
 * A handler of frames that arrived but are not valid OVOS messages. `error.request` is set when the frame had a
 * valid `type` and only nested too deep: answer it with `bus.emit(error.request.response({...}))` if you own the
 * topic. `frame` is the raw text (when the bus has one).
 */
export type MalformedMessageHandler = (error: MalformedMessageError, frame?: string) => void;

/**
 * What toolboxes and the provider need from a messagebus: the subset of OVOS's `MessageBusClient` /
 * `FakeBus` API they use (ovos-bus-client `client.py`, ovos-utils `fakebus.py`).
 * Implemented by core's `BusEndpoint`, which `FakeBus` (in-process), and `MessageBusClient` (websocket) and
 * `InProcessBusClient` (attached to an embedded server) in `@ovos-tools/messagebus` extend.
 */
export interface Bus {
  /** Calls `handler` for every message of `type`, until `off`. */
  on(type: string, handler: BusHandler): void;
  /** Calls `handler` for the next message of `type` only. */
  once(type: string, handler: BusHandler): void;
  /** Removes a handler registered with `on` or `once`; unknown handlers are ignored. */
  off(type: string, handler: BusHandler): void;
  /** Sends a message to every listener (on a websocket bus: to the server, which echoes it to all clients). */
  emit(message: Message): void;
  /**
   * Emits `message` and resolves with the first matching reply, or `null` after `timeoutMs` (default 3000),
   * like OVOS `wait_for_response`. Replies are matched by type (`replyType`, default `<type>.response`)
   * and, when both carry one, by the request id in `context` (see {@link REQUEST_ID_KEY}).
   */
  waitForResponse(message: Message, replyType?: string | readonly string[], timeoutMs?: number): Promise<Message | null>;
  /**
   * Calls `handler` for every incoming frame that is not a valid message (see {@link MalformedMessageHandler}),
   * e.g. one nesting deeper than `MAX_MESSAGE_DEPTH`, so the owner of its topic can answer it with an error.
   * A frame that starts with a type nothing on this bus handles or awaits is dropped unread and never reaches it
   * (the owner of a topic has a handler for it). Optional: buses without it drop such frames (logged).
   * @returns a function that removes the handler.
   */
  onMalformed?(handler: MalformedMessageHandler): () => void;
}
