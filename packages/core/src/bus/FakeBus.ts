import type { Logger } from '../logging/Logger.js';
import { silentLogger } from '../logging/Logger.js';
import { MalformedMessageError } from '../wire/MalformedMessageError.js';
import { Message } from '../wire/Message.js';
import type { Bus, BusHandler, MalformedMessageHandler } from './Bus.js';
import { isReplyTo, replyTypes, stampRequestId } from './correlation.js';
import { HandlerRegistry, type RawMessageHandler } from './HandlerRegistry.js';
import { MAX_TIMER_MS } from '../node/values.js';

/** Whether a wait of `ms` needs a timer: `Infinity` (or beyond Node's timer range) waits for ever. */
function hasTimer(ms: number): boolean {
  return !(ms >= MAX_TIMER_MS);
}

/** Options for {@link FakeBus}. */
export interface FakeBusOptions {
  /** Session id put into `context.session` of messages that have none; default `"default"`. */
  sessionId?: string;
  /** Where handler errors are logged; default silent. */
  logger?: Logger;
}

/**
 * An in-process, synchronous bus for tests and in-process use, with the semantics of ovos-utils `FakeBus`
 * (wire spec §6.6): `emit` adds `context.session = {session_id}` when missing (mutating the message),
 * calls the raw `"message"` handlers with the serialized frame, then the handlers of `message.type` with the
 * same Message object, synchronously, in registration order (a handler that emits dispatches nested).
 * Handler errors, thrown or rejected, are caught and logged, never thrown to the emitter (newest FakeBus).
 */
export class FakeBus implements Bus {
  readonly sessionId: string;
  private readonly handlers: HandlerRegistry;

  constructor(options: FakeBusOptions = {}) {
    this.sessionId = options.sessionId ?? 'default';
    this.handlers = new HandlerRegistry(options.logger ?? silentLogger);
  }

  on(type: 'message', handler: RawMessageHandler): void;
  on(type: string, handler: BusHandler): void;
  on(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.on(type, handler);
  }

  once(type: 'message', handler: RawMessageHandler): void;
  once(type: string, handler: BusHandler): void;
  once(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.once(type, handler);
  }

  off(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.off(type, handler);
  }

  /** Removes every handler of `type`, or of every type when omitted. */
  removeAllListeners(type?: string): void {
    this.handlers.removeAll(type);
  }

  /** How many handlers are registered for `type` (for leak checks). */
  listenerCount(type: string): number {
    return this.handlers.count(type);
  }

  /**
   * Dispatches `message` as described on the class.
   * @throws {@link MalformedMessageError} when its data or context nest deeper than `MAX_MESSAGE_DEPTH` (as
   *   `MessageBusClient.emit` does: such a message cannot go on the wire); TypeError for a BigInt with raw handlers.
   */
  emit(message: Message): void {
    const tooDeep = message.checkDepth();
    if (tooDeep) throw tooDeep;
    if (message.context.session === undefined) message.context.session = { session_id: this.sessionId };
    if (this.handlers.hasRaw) this.handlers.dispatchRaw(message.serialize());
    this.handlers.dispatch(message);
  }

  /**
   * Simulates a frame arriving from a websocket bus: parsed with `Message.deserialize` and dispatched like
   * {@link emit}; a malformed frame (bad JSON or shape, or nesting deeper than `MAX_MESSAGE_DEPTH`) is logged
   * and given to the {@link onMalformed} handlers instead. Never throws for the frame's content.
   */
  receive(frame: string): void {
    let message: Message;
    try {
      message = Message.deserialize(frame);
    } catch (err) {
      if (!(err instanceof MalformedMessageError)) throw err;
      this.handlers.dispatchMalformed(err, frame);
      return;
    }
    this.emit(message);
  }

  /** See {@link Bus.onMalformed}: handlers of malformed frames given to {@link receive}. */
  onMalformed(handler: MalformedMessageHandler): () => void {
    return this.handlers.onMalformed(handler);
  }

  /** See {@link Bus.waitForResponse}; stamps `context.request_id`. `timeoutMs = Infinity` waits for ever. */
  waitForResponse(message: Message, replyType?: string | readonly string[], timeoutMs = 3000): Promise<Message | null> {
    const id = stampRequestId(message);
    const types = replyTypes(message, replyType);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (reply: Message | null) => {
        if (timer) clearTimeout(timer);
        for (const t of types) this.off(t, handler);
        resolve(reply);
      };
      const handler: BusHandler = (reply) => {
        if (isReplyTo(id, reply)) done(reply);
      };
      for (const t of types) this.on(t, handler);
      if (hasTimer(timeoutMs)) timer = setTimeout(() => done(null), timeoutMs);
      this.emit(message);
    });
  }

  /** Resolves with the next message of `type`, or `null` after `timeoutMs` (default 3000; `Infinity` waits for ever). */
  waitForMessage(type: string, timeoutMs = 3000): Promise<Message | null> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const handler: BusHandler = (m) => {
        if (timer) clearTimeout(timer);
        resolve(m);
      };
      if (hasTimer(timeoutMs)) {
        timer = setTimeout(() => {
          this.off(type, handler);
          resolve(null);
        }, timeoutMs);
      }
      this.once(type, handler);
    });
  }

  /** Removes every handler. */
  close(): void {
    this.removeAllListeners();
  }
}
