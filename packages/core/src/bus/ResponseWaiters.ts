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
 * The waiters of one reply type: a short array while there are few (scanning a handful beats hashing a fresh
 * request id into a map and deleting it again), else a map from request id to its waiters (almost always one; an
 * array is cheaper than a Set).
 */
type TypeWaiters = ResponseWaiter[] | Map<string, ResponseWaiter[]>;

/** Up to this many waiters of one type are kept in an array; one more and they are indexed by request id. */
const SCAN_LIMIT = 8;

/**
 * The pending `waitForResponse` calls of one endpoint, by reply type and, when many wait on a type, by request id,
 * so that a reply costs a map lookup however many requests are in flight. Matching follows core's correlation rule
 * (`isReplyTo`): a reply carrying `context.request_id` goes only to the waiters of that id; a reply without one goes
 * to every waiter of its type (OVOS behaviour, where any reply of the type answers); a reply whose id is not a string
 * answers nobody.
 */
export class ResponseWaiters {
  private readonly byType = new Map<string, TypeWaiters>();
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
      const slot = this.byType.get(type);
      if (slot === undefined) this.byType.set(type, [waiter]);
      else if (Array.isArray(slot)) {
        if (slot.includes(waiter)) continue;
        slot.push(waiter);
        if (slot.length > SCAN_LIMIT) this.byType.set(type, indexById(slot));
      } else {
        const list = slot.get(waiter.requestId);
        if (!list) slot.set(waiter.requestId, [waiter]);
        else if (!list.includes(waiter)) list.push(waiter);
      }
    }
    this.count++;
  }

  /** Unregisters a waiter; unknown waiters are ignored. */
  remove(waiter: ResponseWaiter): void {
    let found = false;
    for (const type of waiter.types) {
      const slot = this.byType.get(type);
      if (slot === undefined) continue;
      const list = Array.isArray(slot) ? slot : slot.get(waiter.requestId);
      const i = list ? list.indexOf(waiter) : -1;
      if (!list || i < 0) continue;
      found = true;
      list.splice(i, 1);
      if (!Array.isArray(slot) && list.length === 0) slot.delete(waiter.requestId);
      if ((Array.isArray(slot) ? slot.length : slot.size) === 0) this.byType.delete(type);
    }
    if (found) this.count--;
  }

  /** Settles (and removes) every waiter this incoming message answers. */
  dispatch(message: Message): void {
    const slot = this.byType.get(message.type);
    if (slot === undefined) return;
    const got = message.context[REQUEST_ID_KEY];
    if (got === undefined) {
      // no id (a responder that drops context): every waiter of the type; a copy, as settling removes from the lists
      for (const waiter of Array.isArray(slot) ? slot.slice() : [...slot.values()].flat()) this.answer(waiter, message);
      return;
    }
    if (typeof got !== 'string') return;
    if (Array.isArray(slot)) {
      // answering removes the waiter from `slot`, so the next one moves into its place
      for (let i = 0; i < slot.length; ) {
        const waiter = slot[i]!;
        if (waiter.requestId === got) this.answer(waiter, message);
        else i++;
      }
      return;
    }
    const list = slot.get(got);
    if (!list) return;
    for (const waiter of list.length === 1 ? [list[0]!] : list.slice()) this.answer(waiter, message);
  }

  /** Removes every waiter and settles each with `null` (reason `closed`). */
  closeAll(): void {
    const all = new Set<ResponseWaiter>();
    for (const slot of this.byType.values()) {
      if (Array.isArray(slot)) for (const w of slot) all.add(w);
      else for (const list of slot.values()) for (const w of list) all.add(w);
    }
    this.byType.clear();
    this.count = 0;
    for (const w of all) w.settle(null, 'closed');
  }

  private answer(waiter: ResponseWaiter, reply: Message): void {
    this.remove(waiter);
    waiter.settle(reply);
  }
}

/** The waiters of one type, indexed by request id. */
function indexById(waiters: readonly ResponseWaiter[]): Map<string, ResponseWaiter[]> {
  const ids = new Map<string, ResponseWaiter[]>();
  for (const w of waiters) {
    const list = ids.get(w.requestId);
    if (list) list.push(w);
    else ids.set(w.requestId, [w]);
  }
  return ids;
}
