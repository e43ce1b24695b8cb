import type { Logger } from '../logging/Logger.js';
import { silentLogger } from '../logging/Logger.js';
import type { Message } from '../wire/Message.js';
import type { Bus, BusHandler } from './Bus.js';
import { isReplyTo, replyTypes, stampRequestId } from './correlation.js';

/** Node's largest timer delay; a longer one would fire after 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/** Whether a wait of `ms` needs a timer: `Infinity` (or beyond Node's timer range) waits for ever. */
function hasTimer(ms: number): boolean {
  return !(ms >= MAX_TIMER_MS);
}

/** A handler of the raw `"message"` event: receives every message serialized, before typed handlers run. */
export type RawMessageHandler = (serialized: string) => void;

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
  private readonly handlers = new Map<string, BusHandler[]>();
  private readonly rawHandlers: RawMessageHandler[] = [];
  private readonly logger: Logger;

  constructor(options: FakeBusOptions = {}) {
    this.sessionId = options.sessionId ?? 'default';
    this.logger = options.logger ?? silentLogger;
  }

  on(type: 'message', handler: RawMessageHandler): void;
  on(type: string, handler: BusHandler): void;
  on(type: string, handler: BusHandler | RawMessageHandler): void {
    if (type === 'message') this.rawHandlers.push(handler as RawMessageHandler);
    else this.list(type).push(handler as BusHandler);
  }

  once(type: 'message', handler: RawMessageHandler): void;
  once(type: string, handler: BusHandler): void;
  once(type: string, handler: BusHandler | RawMessageHandler): void {
    const wrapper = ((m: never) => {
      this.off(type, wrapper);
      return (handler as (m: never) => unknown)(m);
    }) as BusHandler & RawMessageHandler & { original?: unknown };
    wrapper.original = handler;
    if (type === 'message') this.rawHandlers.push(wrapper);
    else this.list(type).push(wrapper);
  }

  off(type: string, handler: BusHandler | RawMessageHandler): void {
    if (type === 'message') {
      const i = this.rawHandlers.findIndex((h) => h === handler || (h as { original?: unknown }).original === handler);
      if (i >= 0) this.rawHandlers.splice(i, 1);
      return;
    }
    const list = this.handlers.get(type);
    if (!list) return;
    const i = list.findIndex((h) => h === handler || (h as { original?: unknown }).original === handler);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.handlers.delete(type);
  }

  /** Removes every handler of `type`, or of every type when omitted. */
  removeAllListeners(type?: string): void {
    if (type === undefined) {
      this.handlers.clear();
      this.rawHandlers.length = 0;
    } else if (type === 'message') this.rawHandlers.length = 0;
    else this.handlers.delete(type);
  }

  /** How many handlers are registered for `type` (for leak checks). */
  listenerCount(type: string): number {
    return type === 'message' ? this.rawHandlers.length : (this.handlers.get(type)?.length ?? 0);
  }

  emit(message: Message): void {
    if (message.context.session === undefined) message.context.session = { session_id: this.sessionId };
    if (this.rawHandlers.length) {
      const serialized = message.serialize();
      for (const h of [...this.rawHandlers]) this.safeCall(() => h(serialized), 'message');
    }
    const list = this.handlers.get(message.type);
    if (!list) return;
    for (const h of [...list]) this.safeCall(() => h(message), message.type);
  }

  /** See {@link Bus.waitForResponse}; stamps `context.request_id`. `timeoutMs = Infinity` waits for ever. */
  waitForResponse(message: Message, replyType?: string | readonly string[], timeoutMs = 3000): Promise<Message | null> {
    const id = stampRequestId(message);
    const types = replyTypes(message, replyType);
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
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
      let timer: NodeJS.Timeout | undefined;
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

  private list(type: string): BusHandler[] {
    let list = this.handlers.get(type);
    if (!list) {
      list = [];
      this.handlers.set(type, list);
    }
    return list;
  }

  private safeCall(fn: () => unknown, type: string): void {
    try {
      const r = fn();
      if (r && typeof (r as Promise<unknown>).then === 'function') {
        (r as Promise<unknown>).then(undefined, (err: unknown) => this.logger.error(`Error in event handler for '${type}'`, err));
      }
    } catch (err) {
      this.logger.error(`Error in event handler for '${type}'`, err);
    }
  }
}

