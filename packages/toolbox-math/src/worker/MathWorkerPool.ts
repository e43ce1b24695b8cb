import type { ResourceLimits } from 'node:worker_threads';
import { WorkerPool } from '@ovos-tools/core/node';
import type { ReplyFor, WorkerRequest } from './protocol.js';

/** Why a worker job did not produce a reply. */
export type WorkerFailureKind = 'timeout' | 'aborted' | 'crashed' | 'startup';

/** A job that ended without a reply: timed out, aborted, or the worker died (e.g. out of memory). */
export class MathWorkerError extends Error {
  override readonly name = 'MathWorkerError';
  constructor(
    readonly kind: WorkerFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** Options of {@link MathWorkerPool}. */
export interface MathWorkerPoolOptions {
  /** The worker script; default the compiled `mathWorker.js` beside this file. */
  script?: URL;
  /** V8 limits for the worker; default 192 MB old generation, 8 MB young generation, 4 MB stack. */
  resourceLimits?: ResourceLimits;
  /** How long the worker may take to load before a job fails; default 60 s (the machine may be busy). */
  startupTimeoutMs?: number;
}

/** Per-job options of {@link MathWorkerPool.run}. */
export interface RunOptions {
  /** Time the job may run once the worker has started it; the worker is terminated when it is exceeded. */
  timeoutMs: number;
  /** Aborting rejects the job; a running job's worker is terminated. */
  signal?: AbortSignal;
}

const DEFAULT_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 };

/**
 * One warm worker thread that runs math jobs one at a time, so user expressions never run on the host's
 * event loop: the kit's {@link WorkerPool} with a start-up handshake (mathjs and nerdamer load slowly, which
 * does not count against a job's time limit), and failures thrown as {@link MathWorkerError}. A job that
 * exceeds its time limit, is aborted while running, or kills the worker (memory limit) fails; the worker is
 * terminated and a fresh one is started for the next job.
 */
export class MathWorkerPool {
  private readonly pool: WorkerPool;
  private closed = false;

  constructor(options: MathWorkerPoolOptions = {}) {
    this.pool = new WorkerPool({
      script: options.script ?? new URL('./mathWorker.js', import.meta.url),
      name: 'math',
      resourceLimits: options.resourceLimits ?? DEFAULT_LIMITS,
      startupTimeoutMs: options.startupTimeoutMs ?? 60_000,
      timeoutFrom: 'start',
    });
  }

  /** How many workers have been started; lets tests see that a timed-out worker was replaced. */
  get startedWorkers(): number {
    return this.pool.startedWorkers;
  }

  /** Starts the worker now, unless one is alive or the pool is closed, so the first job does not wait for it to load. */
  warm(): void {
    if (!this.closed) this.pool.warm();
  }

  /**
   * Queues `request` and resolves with the worker's reply.
   * @throws {@link MathWorkerError} `timeout`, `aborted` (also once the pool is closed), `crashed` (the worker
   *   died, e.g. at its memory limit) or `startup` (the worker failed to load).
   */
  async run<K extends WorkerRequest['op']>(request: Extract<WorkerRequest, { op: K }>, options: RunOptions): Promise<ReplyFor[K]> {
    if (this.closed) throw new MathWorkerError('aborted', 'Math engine is closed');
    const out = await this.pool.run<ReplyFor[K]>(request, options);
    if (out.ok) return out.value;
    switch (out.kind) {
      case 'timeout':
      case 'queued':
        throw new MathWorkerError('timeout', `timed out after ${options.timeoutMs} ms`);
      case 'aborted':
        throw new MathWorkerError('aborted', 'Cancelled');
      case 'closed':
        throw new MathWorkerError('aborted', 'Math engine is closed');
      case 'startup':
        throw new MathWorkerError('startup', `Math engine failed to start: ${out.detail}`);
      default:
        throw new MathWorkerError('crashed', out.detail);
    }
  }

  /** Terminates the worker and fails queued jobs; the pool refuses new jobs afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.close();
  }
}
