import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits `ms` milliseconds, or rejects with `signal.reason` as soon as `signal` fires.
 * @throws the signal's reason when it is (or becomes) aborted.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  if (ms <= 0) return;
  try {
    await delay(ms, undefined, { signal });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
}
