/**
 * Why a job of a {@link WorkerPool} has no value:
 * - `timeout`: its budget ran out while a worker ran it (that worker was terminated);
 * - `queued`: its budget ran out before a worker was free (only with `timeoutFrom: 'call'`);
 * - `aborted`: the caller's signal fired (a running job's worker was terminated);
 * - `closed`: {@link WorkerPool.close} ended it;
 * - `crashed`: the worker died while it ran the job (memory limit, `process.exit`, an uncaught error);
 * - `startup`: the worker failed to load, or sent no `ready` within `startupTimeoutMs`;
 * - `failed`: the job's handler threw (the worker lives on).
 */
export type WorkerJobFailure = 'timeout' | 'queued' | 'aborted' | 'closed' | 'crashed' | 'startup' | 'failed';

/** How a job ended: its value, or why not ({@link WorkerJobFailure}) with a sentence of detail. */
export type WorkerJobOutcome<T> =
  | {
      /** The handler returned. */
      ok: true;
      /** What it returned (structured-cloned from the worker). */
      value: T;
    }
  | {
      /** It did not. */
      ok: false;
      /** Why. */
      kind: WorkerJobFailure;
      /**
       * The budget (`"<n> ms"`) for `timeout`/`queued`, the signal's reason for `aborted`, what the handler threw
       * for `failed`, and for `crashed`/`startup` a sentence naming the worker, e.g. `the math worker ran out of
       * memory (limit 192 MB)`.
       */
      detail: string;
    };
