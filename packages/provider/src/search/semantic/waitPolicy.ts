import type { Logger } from '@ovos-tools/core';

/**
 * After this many requests in a row not embedded within the wait, a search whose request finds the worker still busy
 * with an earlier one does not wait (it would wait for nothing: on an overloaded machine every search paid the whole
 * wait and was ranked lexically anyway); one in {@link PROBE_EVERY} of them still waits, and a request embedded in
 * time ends this.
 */
export const MISSES_BEFORE_SKIPPING = 3;
/** While searches skip waiting, every this-many-th one waits anyway (a probe of whether the model keeps up again). */
export const PROBE_EVERY = 8;

/**
 * Whether a search waits for the model to embed its request (issue 42): the requests missed in a row, and the
 * searches that did not wait. Starts (and is reset to) waiting always. Tells `logger` once that a request was not
 * embedded within `waitMs`, and once that searches stopped waiting.
 */
export class WaitPolicy {
  private misses = 0;
  private eligible = 0;
  private skips = 0;
  private slowWarned = false;

  constructor(
    private readonly logger: Logger,
    private readonly waitMs: number,
  ) {}

  /** Requests in a row not embedded within the wait. */
  get streak(): number {
    return this.misses;
  }

  /** Searches that did not wait. */
  get skipped(): number {
    return this.skips;
  }

  /** Whether this search skips waiting; `busy`: the worker has not answered the request before this one. */
  skip(busy: boolean): boolean {
    if (!busy || this.misses < MISSES_BEFORE_SKIPPING || ++this.eligible % PROBE_EVERY === 0) return false;
    if (++this.skips === 1) this.logger.info(`search: the model missed ${this.misses} requests in a row and is still busy; searches stop waiting for it (one in ${PROBE_EVERY} still does) until one is embedded in time`);
    return true;
  }

  /** A request not embedded within the wait (a search that waited for nothing, answered lexically). */
  missed(): undefined {
    this.misses++;
    if (!this.slowWarned) this.logger.warn(`search: the model did not embed the request within ${this.waitMs} ms; this search (and any other as slow) is ranked lexically`);
    this.slowWarned = true;
    return undefined;
  }

  /** A request embedded in time, or a new worker: searches wait again. */
  reset(): void {
    this.misses = 0;
  }
}
