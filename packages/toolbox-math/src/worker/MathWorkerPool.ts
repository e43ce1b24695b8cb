import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ReplyFor, WorkerMessage, WorkerRequest } from './protocol.js';

/** Why a worker job did not produce a reply. */
export type WorkerFailureKind = 'timeout' | 'aborted' | 'crashed' | 'startup';

/** A job that ended without a reply: timed out, aborted, or the worker died (e.g. out of memory). */
export class MathWorkerError extends Error {
  override readonly name = 'MathWorkerError';
  constructor(
    readonly kind: WorkerFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Options of {@link MathWorkerPool}. */
export interface MathWorkerPoolOptions {
  /** The worker script; default the compiled `mathWorker.js` beside this file. */
  script?: URL;
  /** V8 limits for the worker; default 192 MB old generation, 32 MB young generation, 4 MB stack. */
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

interface Job {
  id: number;
  request: WorkerRequest;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (err: MathWorkerError) => void;
  onAbort?: () => void;
}

const DEFAULT_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/**
 * One warm worker thread that runs math jobs one at a time, so user expressions never run on the host's
 * event loop. A job that exceeds its time limit, is aborted while running, or kills the worker (memory
 * limit) fails with a {@link MathWorkerError}; the worker is terminated and a fresh one is started for the
 * next job. The worker is `unref`'d while idle, so it never keeps the process alive.
 */
export class MathWorkerPool {
  private readonly script: URL;
  private readonly limits: ResourceLimits;
  private readonly startupTimeoutMs: number;
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private workerReady = false;
  private readonly queue: Job[] = [];
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;
  /** How many workers have been started; lets tests see that a timed-out worker was replaced. */
  startedWorkers = 0;

  constructor(options: MathWorkerPoolOptions = {}) {
    this.script = options.script ?? new URL('./mathWorker.js', import.meta.url);
    this.limits = options.resourceLimits ?? DEFAULT_LIMITS;
    this.startupTimeoutMs = options.startupTimeoutMs ?? 60_000;
  }

  /**
   * Queues `request` and resolves with the worker's reply.
   * @throws {@link MathWorkerError} `timeout`, `aborted`, `crashed` (worker died, e.g. memory limit) or
   *   `startup` (the worker failed to load), or when the pool is closed.
   */
  run<K extends WorkerRequest['op']>(request: Extract<WorkerRequest, { op: K }>, options: RunOptions): Promise<ReplyFor[K]> {
    if (this.closed) return Promise.reject(new MathWorkerError('aborted', 'Math engine is closed'));
    if (options.signal?.aborted) return Promise.reject(new MathWorkerError('aborted', 'Cancelled before it started'));
    return new Promise<ReplyFor[K]>((resolve, reject) => {
      const job: Job = { id: this.nextId++, request, options, resolve: resolve as (v: unknown) => void, reject };
      if (options.signal) {
        job.onAbort = () => this.abort(job);
        options.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Terminates the worker and fails queued jobs; the pool refuses new jobs afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.queue, ...(this.current ? [this.current] : [])];
    this.queue.length = 0;
    for (const job of pending) this.finish(job, new MathWorkerError('aborted', 'Math engine is closed'));
    await this.killWorker();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.current = job;
    this.ensureWorker()
      .then(() => {
        if (this.current !== job || !this.worker) return;
        this.worker.ref();
        this.timer = setTimeout(() => {
          this.failCurrent(job, new MathWorkerError('timeout', `timed out after ${job.options.timeoutMs} ms`));
        }, job.options.timeoutMs);
        this.worker.postMessage({ id: job.id, request: job.request });
      })
      .catch((err: unknown) => {
        if (this.current === job) this.failCurrent(job, new MathWorkerError('startup', `Math engine failed to start: ${(err as Error)?.message ?? err}`, { cause: err }));
      });
  }

  private ensureWorker(): Promise<void> {
    if (this.worker && this.ready) return this.ready;
    const worker = new Worker(this.script, { resourceLimits: this.limits });
    this.startedWorkers++;
    this.worker = worker;
    this.workerReady = false;
    this.ready = new Promise<void>((resolve, reject) => {
      const startup = setTimeout(() => reject(new Error(`not ready after ${this.startupTimeoutMs} ms`)), this.startupTimeoutMs);
      worker.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'ready') {
          clearTimeout(startup);
          if (this.worker === worker) this.workerReady = true;
          resolve();
        } else if (msg.type === 'reply') {
          this.onReply(msg.id, msg.reply);
        }
      });
      worker.on('error', (err) => {
        clearTimeout(startup);
        reject(err);
        this.onWorkerGone(worker, err);
      });
      worker.on('exit', (code) => {
        clearTimeout(startup);
        reject(new Error(`worker exited with code ${code}`));
        this.onWorkerGone(worker, new Error(`worker exited with code ${code}`));
      });
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private onReply(id: number, reply: unknown): void {
    const job = this.current;
    if (!job || job.id !== id) return;
    this.clearTimer();
    this.current = null;
    this.finish(job, null, reply);
    this.pump();
  }

  private onWorkerGone(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = null;
    const job = this.current;
    if (job && !this.workerReady) {
      this.failCurrent(job, new MathWorkerError('startup', `Math engine failed to start: ${err.message}`, { cause: err }));
    } else if (job) {
      const oom = /memory|ERR_WORKER_OUT_OF_MEMORY/i.test(`${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`);
      this.failCurrent(job, new MathWorkerError('crashed', oom ? 'ran out of memory' : `math engine stopped: ${err.message}`, { cause: err }));
    }
  }

  private abort(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) {
      this.queue.splice(i, 1);
      this.finish(job, new MathWorkerError('aborted', 'Cancelled'));
    } else if (this.current === job) {
      this.failCurrent(job, new MathWorkerError('aborted', 'Cancelled'));
    }
  }

  /** Fails the running job and replaces the worker, which may still be busy with it. */
  private failCurrent(job: Job, err: MathWorkerError): void {
    if (this.current !== job) return;
    this.clearTimer();
    this.current = null;
    this.finish(job, err);
    void this.killWorker();
    this.pump();
  }

  private async killWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate().catch(() => undefined);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private finish(job: Job, err: MathWorkerError | null, value?: unknown): void {
    if (job.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(value);
  }
}
