import { replyTypes, stampRequestId, type BusHandler, type Message } from '@ovos-tools/core';
import { ResponseTimeoutError } from './errors.js';
import type { ResponseWaiters } from './ResponseWaiters.js';

/** Options for `waitForResponse` of the bus clients in this package. */
export interface WaitForResponseOptions {
  /** Reject with a {@link ResponseTimeoutError} instead of resolving `null` when no reply comes; default false. */
  rejectOnTimeout?: boolean;
}

/** What {@link awaitResponse} needs from a bus client: its waiters, whether it is closed now, and how it emits. */
export interface ReplySource {
  /** Where the pending reply is registered before the request goes out. */
  readonly waiters: ResponseWaiters;
  /** True once the client is closed: the wait settles at once. */
  readonly closed: boolean;
  /** Sends the request. */
  emit(message: Message): void;
}

/**
 * The `waitForResponse` of `MessageBusClient` and `InProcessBusClient` (OVOS `wait_for_response`): stamps a
 * request id, registers the waiter before emitting, and resolves with the reply or `null` after `timeoutMs`.
 * @returns a promise rejected with the `TypeError` of `emit` when the message cannot be serialized, or with a
 *   {@link ResponseTimeoutError} on timeout/close when `rejectOnTimeout` is set.
 */
export function awaitResponse(
  source: ReplySource,
  message: Message,
  replyType: string | readonly string[] | undefined,
  timeoutMs: number,
  options: WaitForResponseOptions,
): Promise<Message | null> {
  const requestId = stampRequestId(message);
  const types = replyTypes(message, replyType);
  return new Promise<Message | null>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const waiter = {
      requestId,
      types,
      settle: (reply: Message | null, reason?: 'timeout' | 'closed') => {
        clearTimeout(timer);
        if (reply || !options.rejectOnTimeout) resolve(reply);
        else reject(new ResponseTimeoutError(message.type, types, timeoutMs, reason === 'closed'));
      },
    };
    if (source.closed) return waiter.settle(null, 'closed');
    source.waiters.add(waiter);
    timer = setTimeout(() => {
      source.waiters.remove(waiter);
      waiter.settle(null, 'timeout');
    }, timeoutMs);
    try {
      source.emit(message);
    } catch (err) {
      clearTimeout(timer);
      source.waiters.remove(waiter);
      reject(err);
    }
  });
}

/** Resolves with the next message of `type` seen by `bus`, or `null` after `timeoutMs` (the handler is then removed). */
export function awaitMessage(bus: { once(type: string, h: BusHandler): void; off(type: string, h: BusHandler): void }, type: string, timeoutMs: number): Promise<Message | null> {
  return new Promise((resolve) => {
    const handler: BusHandler = (m) => {
      clearTimeout(timer);
      resolve(m);
    };
    const timer = setTimeout(() => {
      bus.off(type, handler);
      resolve(null);
    }, timeoutMs);
    bus.once(type, handler);
  });
}
