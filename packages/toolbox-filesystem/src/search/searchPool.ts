import os from 'node:os';
import { WorkerPool } from '@ovos-tools/core/node';

/**
 * V8 heap limits of a search worker: an 8 MB young generation, where a search's short-lived line strings live. Left
 * at V8's default it grows to tens of MB per worker under a steady stream of searches and stays there; a search
 * holds one file's lines at a time, so 8 MB costs little but more frequent scavenges. The old generation keeps the
 * process's limit, as before.
 */
const SEARCH_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Options of {@link createSearchPool}. */
export interface SearchPoolOptions {
  /** The worker script; default the compiled `searchWorker.js` beside this module. */
  script?: URL;
  /** Most searches running at once (one worker thread each); default min(4, max(2, available CPUs)). */
  maxWorkers?: number;
}

/**
 * The worker threads that run the matching half of `search_in_files` ({@link runSearch}), so a pathological
 * regular expression never runs on the caller's event loop: the kit's {@link WorkerPool}, whose budget counts
 * from the call (a search still waiting for a free worker when it runs out ends as `queued`). A search past its
 * budget or aborted has its worker terminated mid-match.
 */
export function createSearchPool(options: SearchPoolOptions = {}): WorkerPool {
  return new WorkerPool({
    script: options.script ?? new URL('./searchWorker.js', import.meta.url),
    name: 'search',
    maxWorkers: options.maxWorkers ?? Math.min(4, Math.max(2, os.availableParallelism())),
    resourceLimits: SEARCH_WORKER_LIMITS,
  });
}
