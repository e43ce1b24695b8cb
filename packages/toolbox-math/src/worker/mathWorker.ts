/**
 * Entry point of the math worker thread: loads the expression engine (its lean mathjs), then answers requests one
 * at a time through the kit's `serveWorkerJobs`, which announces `ready` first; nerdamer-prime is imported before
 * the first symbolic solve (`loadNerdamer`). The host bounds its time (timeouts terminate it) and memory
 * (`resourceLimits`).
 */
import { serveWorkerJobs } from '@ovos-tools/core/worker';
import { loadNerdamer } from '../solve/loadNerdamer.js';
import { handleRequest } from './handleRequest.js';
import type { WorkerRequest } from './protocol.js';

serveWorkerJobs(async (request: WorkerRequest) => {
  if (request.op === 'solve-symbolic') await loadNerdamer();
  return handleRequest(request);
});
