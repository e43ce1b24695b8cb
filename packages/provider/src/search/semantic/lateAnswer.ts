import { ANSWERED_SEQ } from './semanticProtocol.js';

/** `Atomics.waitAsync` (ES2024; Node 16 and later have it, the ES2023 lib does not type it). */
export const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number, ms: number): { async: boolean; value: Promise<string> | string } }).waitAsync;

/** How long a request's vector is still waited for (in the background) after its search stopped waiting, ms. */
export const LATE_ANSWER_MS = 10_000;

/**
 * Waits in the background (never blocking, at most `ms`) for the worker to answer request `seq` in the shared header
 * `header`, then calls `keep()` in that same turn, only while `current()` (the last request posted) is still `seq`: no
 * newer request was posted, so the shared slot holds this answer and nothing overwrites it while it is read. A search
 * that stopped waiting for a slow model thus still leaves the request's vector for the next search of the same words.
 */
export async function keepLateAnswer(header: Int32Array, seq: number, current: () => number, keep: () => void, ms = LATE_ANSWER_MS): Promise<void> {
  const until = performance.now() + ms;
  for (;;) {
    if (current() !== seq) return;
    const answered = Atomics.load(header, ANSWERED_SEQ);
    if (answered === seq) return keep();
    const left = until - performance.now();
    if (left <= 0) return;
    const waited = waitAsync(header, ANSWERED_SEQ, answered, left);
    if (waited.async) await waited.value;
  }
}
