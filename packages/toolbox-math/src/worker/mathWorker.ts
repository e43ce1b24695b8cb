/**
 * Entry point of the math worker thread: loads the expression engine (mathjs + nerdamer), then answers
 * requests one at a time through the kit's `serveWorkerJobs`, which announces `ready` first. The host bounds
 * its time (timeouts terminate it) and memory (`resourceLimits`).
 */
import { serveWorkerJobs } from '@ovos-tools/core/worker';
import { handleRequest } from './handleRequest.js';

serveWorkerJobs(handleRequest);
