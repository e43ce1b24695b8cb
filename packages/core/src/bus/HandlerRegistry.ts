import type { Logger } from '../logging/Logger.js';
import type { MalformedMessageError } from '../wire/MalformedMessageError.js';
import type { Message } from '../wire/Message.js';
import type { BusHandler, MalformedMessageHandler } from './Bus.js';

/** A handler of the raw `"message"` event: receives every message serialized, before typed handlers run. */
export type RawMessageHandler = (serialized: string) => void;

type Wrapped = ((m: never) => unknown) & { original?: unknown };

/**
 * The typed and raw (`"message"`) handlers of one bus endpoint (`BusEndpoint`, so `FakeBus` and both messagebus
 * clients), with pyee-like semantics: handlers of a type run in registration order on a snapshot of the list (adding
 * or removing during dispatch affects the next message), `once` handlers are removed before they run, and
 * errors — thrown or a rejected promise — are logged as `Error in event handler for '<type>'` (ovos-utils
 * FakeBus), never propagated to the dispatcher.
 */
export class HandlerRegistry {
  private readonly typed = new Map<string, Wrapped[]>();
  private readonly raw: Wrapped[] = [];
  private readonly malformed = new Set<MalformedMessageHandler>();

  constructor(private readonly logger: Logger) {}

  /** Adds a handler for `type`, or a raw-frame handler when `type` is `"message"`. */
  on(type: string, handler: BusHandler | RawMessageHandler): void {
    this.listFor(type).push(handler as Wrapped);
  }

  /** Adds a handler that runs for the next message of `type` (or the next raw frame, for `"message"`) only. */
  once(type: string, handler: BusHandler | RawMessageHandler): void {
    const wrapper: Wrapped = (m: never) => {
      this.off(type, wrapper as never);
      return (handler as (m: never) => unknown)(m);
    };
    wrapper.original = handler;
    this.listFor(type).push(wrapper);
  }

  /** Removes one registration of `handler` (added by `on` or `once`); unknown handlers are ignored. */
  off(type: string, handler: BusHandler | RawMessageHandler): void {
    const list = type === 'message' ? this.raw : this.typed.get(type);
    if (!list) return;
    const i = list.findIndex((h) => h === handler || h.original === handler);
    if (i >= 0) list.splice(i, 1);
    if (type !== 'message' && list.length === 0) this.typed.delete(type);
  }

  /** Removes every handler of `type`, or all handlers (malformed-frame handlers included) when omitted. */
  removeAll(type?: string): void {
    if (type === undefined) {
      this.typed.clear();
      this.raw.length = 0;
      this.malformed.clear();
    } else if (type === 'message') this.raw.length = 0;
    else this.typed.delete(type);
  }

  /** Handlers registered for `type` (`"message"` counts raw handlers). */
  count(type: string): number {
    return type === 'message' ? this.raw.length : (this.typed.get(type)?.length ?? 0);
  }

  /** True when there is at least one raw handler. */
  get hasRaw(): boolean {
    return this.raw.length > 0;
  }

  /** Calls the raw handlers with the frame text. */
  dispatchRaw(frame: string): void {
    for (const h of [...this.raw]) this.safeCall(() => h(frame as never), 'message');
  }

  /** Calls the handlers of `message.type` with the message, in registration order. */
  dispatch(message: Message): void {
    const list = this.typed.get(message.type);
    if (!list) return;
    for (const h of [...list]) this.safeCall(() => h(message as never), message.type);
  }

  /** Adds a handler of malformed frames; returns a function that removes it. */
  onMalformed(handler: MalformedMessageHandler): () => void {
    const own: MalformedMessageHandler = (e, f) => handler(e, f);
    this.malformed.add(own);
    return () => void this.malformed.delete(own);
  }

  /**
   * Logs a malformed frame as a warning (`skipping malformed messagebus frame (<why>): <first 200 chars>`) and
   * calls the malformed-frame handlers, errors logged like other handlers'.
   */
  dispatchMalformed(error: MalformedMessageError, frame?: string): void {
    const shown = frame === undefined ? '' : `: ${frame.length > 200 ? `${frame.slice(0, 200)}…` : frame}`;
    this.logger.warn(`skipping malformed messagebus frame (${error.message})${shown}`);
    for (const h of [...this.malformed]) this.safeCall(() => h(error, frame), 'malformed frame');
  }

  private listFor(type: string): Wrapped[] {
    if (type === 'message') return this.raw;
    let list = this.typed.get(type);
    if (!list) this.typed.set(type, (list = []));
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
