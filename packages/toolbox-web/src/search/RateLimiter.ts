import { sleep } from '../util/sleep.js';

/**
 * Keeps a minimum interval between requests to one search backend (config `min_interval_ms`).
 * Callers queue in arrival order: each {@link RateLimiter.acquire} reserves the next free slot.
 */
export class RateLimiter {
  private nextSlot = 0;

  /** @param minIntervalMs - milliseconds between two request starts; 0 disables the limit. */
  constructor(readonly minIntervalMs: number) {}

  /**
   * Resolves when the caller may send its request.
   * @throws the signal's reason when `signal` fires while waiting.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + this.minIntervalMs;
    await sleep(at - now, signal);
  }
}
