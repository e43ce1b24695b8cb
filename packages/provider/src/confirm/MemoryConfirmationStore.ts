import type { ConfirmationStore } from './ConfirmationStore.js';

/** Options of {@link MemoryConfirmationStore}. */
export interface MemoryConfirmationStoreOptions {
  /** Used tokens remembered at once before `claim` refuses (rejects); default 100,000. */
  maxEntries?: number;
  /** The clock, ms since the epoch (tests pass a fake one); default `Date.now`. */
  now?: () => number;
}

/** Thrown (as a rejection) by {@link MemoryConfirmationStore.claim} when it remembers `maxEntries` unexpired tokens. */
export class ConfirmationStoreFullError extends Error {
  override readonly name = 'ConfirmationStoreFullError';
  readonly code = 'overloaded';
}

/**
 * The {@link ConfirmationStore} of one provider process: a map of used token ids to their expiry, swept of expired
 * ones at most every few seconds. Tokens it has not seen are accepted once; it never forgets an unexpired one (so a
 * token is never accepted twice), and when full it refuses new claims instead.
 */
export class MemoryConfirmationStore implements ConfirmationStore {
  readonly #used = new Map<string, number>();
  readonly #max: number;
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(options: MemoryConfirmationStoreOptions = {}) {
    this.#max = Math.max(1, Math.floor(options.maxEntries ?? 100_000));
    this.#now = options.now ?? Date.now;
  }

  /** See {@link ConfirmationStore.claim}; rejects with {@link ConfirmationStoreFullError} when full of unexpired tokens. */
  async claim(id: string, expiresAt: number): Promise<boolean> {
    const now = this.#now();
    if (now >= this.#nextSweep || this.#used.size >= this.#max) this.#sweep(now);
    const seen = this.#used.get(id);
    if (seen !== undefined && seen > now) return false;
    if (this.#used.size >= this.#max) throw new ConfirmationStoreFullError(`${this.#max} confirmations are in use; retry once some expire`);
    this.#used.set(id, expiresAt);
    return true;
  }

  /** Used tokens remembered now (expired ones may still count until the next sweep). */
  get size(): number {
    return this.#used.size;
  }

  /** See {@link ConfirmationStore.clear}. */
  async clear(): Promise<void> {
    this.#used.clear();
  }

  #sweep(now: number): void {
    for (const [id, expiresAt] of this.#used) if (expiresAt <= now) this.#used.delete(id);
    this.#nextSweep = now + 5_000;
  }
}
