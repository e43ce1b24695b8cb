import type { Message } from '../wire/Message.js';
import { BusEndpoint, type BusEndpointOptions } from './BusEndpoint.js';

/** Options for {@link FakeBus}. */
export type FakeBusOptions = BusEndpointOptions;

/**
 * An in-process, synchronous bus for tests and in-process use, with the semantics of ovos-utils `FakeBus`
 * (wire spec §6.6): `emit` adds `context.session = {session_id}` when missing (mutating the message),
 * calls the raw `"message"` handlers with the serialized frame, then the handlers of `message.type` with the
 * same Message object, synchronously, in registration order (a handler that emits dispatches nested).
 * Handler errors, thrown or rejected, are caught and logged, never thrown to the emitter (newest FakeBus).
 * Handlers, waiters and the bad-frame policy are core's {@link BusEndpoint}'s, as on the websocket clients.
 */
export class FakeBus extends BusEndpoint {
  constructor(options: FakeBusOptions = {}) {
    super('FakeBus', options);
  }

  /**
   * Simulates a frame arriving from a websocket bus: parsed with `Message.deserialize` and dispatched like
   * {@link emit} (session stamped on the parsed copy); a malformed frame (bad JSON or shape, or nesting deeper than
   * `MAX_MESSAGE_DEPTH`) is logged and given to the {@link onMalformed} handlers instead. Never throws for the
   * frame's content.
   */
  receive(frame: string): void {
    const message = this.parseFrame(frame);
    if (message) this.emit(message);
  }

  /**
   * Dispatches `message` at once (see the class), after `BusEndpoint.emit` stamps its session.
   * @throws MalformedMessageError when its data or context nest deeper than `MAX_MESSAGE_DEPTH` (as
   *   `MessageBusClient.emit` does: such a message cannot go on the wire), dispatching nothing; TypeError for a
   *   BigInt with raw handlers.
   */
  override emit(message: Message): void {
    // checked here, before the session is stamped, so the check does not walk the stamped session too
    const tooDeep = message.checkDepth();
    if (tooDeep) throw tooDeep;
    super.emit(message);
  }

  /** Removes every handler and settles pending `waitForResponse` calls (`null`); the bus stays usable. */
  close(): void {
    this.removeAllListeners();
    this.settleWaiters();
  }

  /** Dispatches at once: raw handlers, typed handlers, then the waiters the message answers. */
  protected send(message: Message): void {
    this.dispatch(message);
  }
}
