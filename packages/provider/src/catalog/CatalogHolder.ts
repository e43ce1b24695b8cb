import { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ReloadReport } from '../service/ReloadReport.js';

/** One swap: the generation that went live and what changed against the one it replaced. */
export interface CatalogSwap {
  /** The generation serving now. */
  generation: RegistryGeneration;
  /** What the swap did (tools added, removed, toolboxes updated, problems). */
  report: ReloadReport;
}

/**
 * Holds the registry generation that serves requests now, and tells listeners of every swap. It is the one way a
 * change travels: the {@link Reloader} (a builder) swaps generations in here; the tool service reads `current` on
 * every call and forwards changes to its `onChange` listeners (the transports). `firstLoad` resolves at the first
 * swap, so requests that arrive while the toolboxes load can wait for them instead of finding an empty catalog.
 */
export class CatalogHolder {
  #current = new RegistryGeneration(0, [], []);
  readonly #listeners = new Set<(swap: CatalogSwap) => void>();
  #loaded!: () => void;
  /** Resolves once the first generation has been swapped in (never rejects). */
  readonly firstLoad: Promise<void> = new Promise((resolve) => (this.#loaded = resolve));
  #isLoaded = false;

  /** The generation serving requests now (number 0, empty, before the first load). */
  get current(): RegistryGeneration {
    return this.#current;
  }

  /** True once the first generation has been swapped in. */
  get loaded(): boolean {
    return this.#isLoaded;
  }

  /** Makes `generation` current and tells every listener; a listener that throws does not stop the others. */
  swap(generation: RegistryGeneration, report: ReloadReport): void {
    this.#current = generation;
    if (!this.#isLoaded) {
      this.#isLoaded = true;
      this.#loaded();
    }
    for (const listener of this.#listeners) {
      try {
        listener({ generation, report });
      } catch {
        // one listener failing must not keep the others from hearing of the swap
      }
    }
  }

  /** Makes `generation` current without telling anyone (the empty generation swapped in at shutdown). */
  retire(generation: RegistryGeneration): void {
    this.#current = generation;
  }

  /** Calls `listener` after every swap. Returns the unsubscribe function. */
  onSwap(listener: (swap: CatalogSwap) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
