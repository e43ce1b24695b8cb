import os from 'node:os';
import { WorkerPool } from '@ovos-tools/core/node';

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
  });
}
