/**
 * The messages between a {@link WorkerPool} (in `@ovos-tools/core/node`) and a worker script that answers with
 * {@link serveWorkerJobs}: one job at a time per worker, matched by id.
 * @module
 */

/** Pool → worker: one job. */
export interface WorkerJobMessage {
  /** The job's id; the reply carries it back. */
  id: number;
  /** What to do, in the worker script's own shape (structured-cloneable). */
  request: unknown;
}

/** Worker → pool: the job's value, or the text of what it threw (`"<Error name>: <message>"`). */
export type WorkerJobReply =
  | {
      /** The job's id. */
      id: number;
      /** The handler returned. */
      ok: true;
      /** What it returned (structured-cloned). */
      value: unknown;
    }
  | {
      /** The job's id. */
      id: number;
      /** The handler threw or rejected. */
      ok: false;
      /** What it threw, as text. */
      error: string;
    };

/** Worker → pool, once, when the script loaded (only when the pool waits for it: `startupTimeoutMs`). */
export interface WorkerReadyMessage {
  /** Always `true`. */
  ready: true;
}
