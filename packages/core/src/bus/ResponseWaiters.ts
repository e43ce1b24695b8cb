import type { Message } from '../wire/Message.js';
import { REQUEST_ID_KEY } from './correlation.js';

/** One pending `waitForResponse`: its request id, the reply types it accepts, and how to finish it. */
export interface ResponseWaiter {
  /** The request's `context.request_id`; replies carrying another id are not for this waiter. */
  readonly requestId: string;
  /** The reply message types accepted, e.g. `['ovos.tools.invoke.response']`. */
  readonly types: readonly string[];
  /** Called once with the reply, or with `null` and a reason when it ends without one. */
  settle(reply: Message | null, reason?: 'timeout' | 'closed'): void;
}

/**
 * The pending `waitForResponse` calls of one client, indexed by reply type and request id so that a reply
 * costs a map lookup however many requests are in flight. Matching follows core's correlation rule
 * (`isReplyTo`): a reply carrying `context.request_id` goes only to the waiters of that id; a reply without
 * one goes to every waiter of its type (OVOS behaviour, where any reply of the type answers).
 */
export class ResponseWaiters {
  /** Reply type → request id → the waiters of that id (almost always one; an array is cheaper than a Set). */
  private readonly byType = new Map<string, Map<string, ResponseWaiter[]>>();
  private count = 0;

  /** Waiters pending. */
  get size(): number {
    return this.count;
  }

  /** Whether any waiter accepts replies of `type`. */
  awaits(type: string): boolean {
    return this.byType.has(type);
  }

  /** Registers a waiter under each of its reply types. */
  add(waiter: ResponseWaiter): void {
    for (const type of waiter.types) {
      let ids = this.byType.get(type);
      if (!ids) this.byType.set(type, (ids = new Map()));
      const list = ids.get(waiter.requestId);
      if (!list) ids.set(waiter.requestId, [waiter]);
      else if (!list.includes(waiter)) list.push(waiter);
    }
    this.count++;
  }

  /** Unregisters a waiter; unknown waiters are ignored. */
  remove(waiter: ResponseWaiter): void {
    let found = false;
    for (const type of waiter.types) {
      const ids = this.byType.get(type);
      const list = ids?.get(waiter.requestId);
      const i = list ? list.indexOf(waiter) : -1;
      if (!ids || !list || i < 0) continue;
      found = true;
      list.splice(i, 1);
      if (list.length === 0) ids.delete(waiter.requestId);
      if (ids.size === 0) this.byType.delete(type);
    }
    if (found) this.count--;
  }

  /** Settles (and removes) every waiter this incoming message answers. */
  dispatch(message: Message): void {
    const ids = this.byType.get(message.type);
    if (!ids) return;
    const got = message.context[REQUEST_ID_KEY];
    if (typeof got === 'string') {
      // the waiters of this id (all of them answered: they were registered under it)
      const list = ids.get(got);
      if (!list) return;
      if (list.length === 1) {
        const only = list[0]!;
        this.remove(only);
        only.settle(message);
        return;
      }
      for (const waiter of list.slice()) {
        this.remove(waiter);
        waiter.settle(message);
      }
      return;
    }
    if (got !== undefined) return; // an id that is not a string answers no request
    // no id (a responder that drops context): every waiter of the type; a copy, as settling removes from the lists
    for (const waiter of [...ids.values()].flat()) {
      this.remove(waiter);
      waiter.settle(message);
    }
  }

  /** Removes every waiter and settles each with `null` (reason `closed`). */
  closeAll(): void {
    const all = new Set<ResponseWaiter>();
    for (const ids of this.byType.values()) for (const list of ids.values()) for (const w of list) all.add(w);
    this.byType.clear();
    this.count = 0;
    for (const w of all) w.settle(null, 'closed');
  }
}
