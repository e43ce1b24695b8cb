/**
 * @ovos-tools/core/worker — the worker-thread half of the toolbox kit's worker pool: {@link serveWorkerJobs}
 * answers the jobs a `WorkerPool` (from `@ovos-tools/core/node`) sends. Imports only `node:worker_threads`, so a
 * worker script that uses it starts as fast as the script itself.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { errorText } from '../node/values.js';
import type { WorkerJobMessage, WorkerJobReply, WorkerReadyMessage } from './protocol.js';

export type { WorkerJobMessage, WorkerJobReply, WorkerReadyMessage } from './protocol.js';

/** Options of {@link serveWorkerJobs}. */
export interface ServeWorkerJobsOptions {
  /**
   * Post `{ready: true}` once the handler is installed; default `true`. A pool created with `startupTimeoutMs` waits
   * for it before sending the first job (a pool without that option ignores it).
   */
  announceReady?: boolean;
}

/**
 * Answers every {@link WorkerJobMessage} from the parent thread with `handle(request)`: its value (awaited) as
 * `{id, ok: true, value}`, or what it threw as `{id, ok: false, error: "<name>: <message>"}`. The pool sends one
 * job at a time per worker and terminates the worker to stop a job, so `handle` needs no cancellation of its own.
 * @throws Error when not called in a worker thread (there is no parent port).
 */
export function serveWorkerJobs(handle: (request: never) => unknown, options: ServeWorkerJobsOptions = {}): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs must run in a worker thread (started by WorkerPool)');
  port.on('message', (msg: WorkerJobMessage) => {
    const reply = (r: WorkerJobReply) => port.postMessage(r);
    try {
      Promise.resolve(handle(msg.request as never)).then(
        (value) => reply({ id: msg.id, ok: true, value }),
        (err: unknown) => reply({ id: msg.id, ok: false, error: errorText(err) }),
      );
    } catch (err) {
      reply({ id: msg.id, ok: false, error: errorText(err) });
    }
  });
  if (options.announceReady !== false) port.postMessage({ ready: true } satisfies WorkerReadyMessage);
}
