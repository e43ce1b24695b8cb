/**
 * Entry of the `search_in_files` worker thread (started by {@link createSearchPool}): answers each search request
 * with its {@link SearchReport} through the kit's `serveWorkerJobs`, one at a time as the pool sends them. The
 * pool terminates this thread when a search runs out of time, so a catastrophic regex never blocks the main thread.
 * @module
 */
import { serveWorkerJobs } from '@ovos-tools/core/worker';
import { runSearch } from './runSearch.js';

serveWorkerJobs(runSearch);
