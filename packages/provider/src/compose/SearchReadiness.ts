/**
 * Which registry generation tool search ranks (its index is built in the background after each swap, see
 * `createToolService`), so that start-up and reloads can finish once search is ready for what they loaded: the
 * first search after `serve` says it serves, or after a reload answers, then finds the index built.
 */
export class SearchReadiness {
  private latest = -1;
  private lastSearch = Number.NEGATIVE_INFINITY;
  private readonly waiters = new Set<{ generation: number; done: (built: boolean) => void }>();

  /** The index of `generation` serves, or could not be built (the previous one keeps serving): nothing more to wait for. */
  built(generation: number): void {
    this.latest = Math.max(this.latest, generation);
    for (const w of [...this.waiters]) if (w.generation <= this.latest) w.done(true);
  }

  /** A search arrived now. */
  searched(): void {
    this.lastSearch = performance.now();
  }

  /**
   * Whether tool search wants the CPU now: the index of `generation` is not built yet, or a search arrived in the
   * last `withinMs` ms. Host warm-ups (`warmUpWhenIdle`) hold back while it does, so that a client searching right
   * after a start or a reload is not answered after every toolbox has warmed.
   */
  busy(generation: number, withinMs: number): boolean {
    return !this.isBuilt(generation) || performance.now() - this.lastSearch < withinMs;
  }

  /** Whether the index of `generation` (or of a later one) serves. */
  isBuilt(generation: number): boolean {
    return generation <= this.latest;
  }

  /**
   * Resolves `true` once the index of `generation` (or of a later one) serves, or `false` after `timeoutMs` ms,
   * whichever comes first. Never rejects.
   */
  whenBuilt(generation: number, timeoutMs: number): Promise<boolean> {
    if (generation <= this.latest) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        generation,
        done: (built: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(built);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      timer.unref?.();
      this.waiters.add(waiter);
    });
  }
}
