import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WorkerJobMessage, WorkerJobReply } from '../worker/protocol.js';
import { isObject } from './values.js';

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

/** Options of {@link WorkerPool}. */
export interface WorkerPoolOptions {
  /** The worker script: an ES module that calls `serveWorkerJobs` from `@ovos-tools/core/worker`. */
  script: URL;
  /** Names the workers in thread lists and in failure details (`the <name> worker …`); default `pool`. */
  name?: string;
  /** Most jobs running at once, one worker thread each; default 1. Later jobs wait in order. */
  maxWorkers?: number;
  /** V8 heap and stack limits of each worker (MB); default Node's (no limit beyond the process's). */
  resourceLimits?: ResourceLimits;
  /**
   * When set, a new worker must post `{ready: true}` within this many ms before it gets a job (a slow-loading
   * engine); otherwise its job fails as `startup`. Default: no handshake, jobs are posted at once.
   */
  startupTimeoutMs?: number;
  /**
   * Where a job's `timeoutMs` starts: `call` (default; waiting for a free worker counts, ending as `queued`) or
   * `start` (when a ready worker takes it; start-up and waiting are bounded by `startupTimeoutMs` and by the
   * jobs ahead).
   */
  timeoutFrom?: 'call' | 'start';
  /** Node flags of the workers; default `[]` (some host flags, e.g. `--input-type`, stop a worker loading). */
  execArgv?: string[];
  /**
   * How long, in ms, an idle worker beyond the first is kept for the next job before it is terminated; default
   * 10000. The first idle worker is kept until {@link WorkerPool.close}. Keeping the others a while means a steady
   * stream of concurrent jobs reuses its workers instead of starting (and paying the start-up of) a thread per job.
   */
  idleTimeoutMs?: number;
}

/** Per-job options of {@link WorkerPool.run}. */
export interface WorkerJobOptions {
  /** The job's budget in ms (see {@link WorkerPoolOptions.timeoutFrom}); its worker is terminated when it ends. */
  timeoutMs: number;
  /** Aborting ends the job at once (`aborted`); a running job's worker is terminated. */
  signal?: AbortSignal;
}

interface Job {
  id: number;
  request: unknown;
  options: WorkerJobOptions;
  slot: Slot | null;
  timer: NodeJS.Timeout | undefined;
  settle: (outcome: WorkerJobOutcome<unknown>) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  ready: boolean;
  startupTimer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * Worker threads that run jobs off the caller's event loop, so a runaway regular expression or expression engine
 * never stalls it: the toolbox kit's pool, shared by the math and filesystem toolboxes. Workers start lazily; each
 * runs one job at a time; up to `maxWorkers` run at once and later jobs wait in order. One idle worker is kept
 * warm and `unref`'d, so the pool never keeps the process alive; more idle workers are kept for `idleTimeoutMs`;
 * {@link WorkerPool.warm} starts the first worker before any job needs it. A job past its budget, aborted, or ended by
 * {@link close} has its worker terminated (the job stops mid-instruction); the next job starts a fresh worker.
 * {@link run} never rejects: every ending is a {@link WorkerJobOutcome}. The worker side is `serveWorkerJobs`.
 */
export class WorkerPool {
  private readonly options: WorkerPoolOptions;
  private readonly name: string;
  private readonly maxWorkers: number;
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly exits = new Set<Promise<unknown>>();
  private nextId = 1;
  /** How many worker threads this pool has started so far (diagnostics and tests). */
  startedWorkers = 0;

  constructor(options: WorkerPoolOptions) {
    this.options = options;
    this.name = options.name ?? 'pool';
    this.maxWorkers = Math.max(1, Math.floor(options.maxWorkers ?? 1));
  }

  /** Worker threads alive now (busy, idle or starting); 0 after {@link close}. */
  get liveWorkers(): number {
    return this.slots.size;
  }

  /**
   * Starts a worker now when none is alive, so the first job does not wait for its start-up (a slow-loading engine
   * loads in the background instead). The worker is `unref`'d like any idle one. Does nothing after a job has
   * started one, or while one is alive.
   */
  warm(): void {
    if (this.slots.size > 0) return;
    this.toIdle(this.spawn());
  }

  /** Runs one job in a worker; resolves with its value or why it has none (never rejects). */
  run<T>(request: unknown, options: WorkerJobOptions): Promise<WorkerJobOutcome<T>> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve({ ok: false, kind: 'aborted', detail: reasonText(signal.reason) });
    return new Promise<WorkerJobOutcome<T>>((resolve) => {
      const onAbort = () => this.stop(job, { ok: false, kind: 'aborted', detail: reasonText(signal?.reason) });
      const job: Job = {
        id: this.nextId++,
        request,
        options,
        slot: null,
        timer: undefined,
        settle: (outcome) => {
          job.settle = () => undefined;
          clearTimeout(job.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome as WorkerJobOutcome<T>);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (this.options.timeoutFrom !== 'start') this.startBudget(job);
      this.queue.push(job);
      this.pump();
    });
  }

  /**
   * Terminates every worker and ends running and waiting jobs as `closed`; resolves once the threads have exited.
   * The pool stays usable: a later job starts a new worker.
   */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.settle({ ok: false, kind: 'closed', detail: 'the pool was closed' });
    for (const slot of [...this.slots]) {
      const job = slot.job;
      this.kill(slot);
      job?.settle({ ok: false, kind: 'closed', detail: 'the pool was closed' });
    }
    await Promise.all([...this.exits]);
  }

  /** Gives waiting jobs to idle workers, starting new ones up to `maxWorkers`. */
  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.idle.pop();
      if (!slot) {
        if (this.slots.size >= this.maxWorkers) return;
        slot = this.spawn();
      }
      clearTimeout(slot.idleTimer);
      const job = this.queue.shift()!;
      job.slot = slot;
      slot.job = job;
      slot.worker.ref();
      if (slot.ready) this.dispatch(slot, job);
    }
  }

  private dispatch(slot: Slot, job: Job): void {
    if (this.options.timeoutFrom === 'start') this.startBudget(job);
    slot.worker.postMessage({ id: job.id, request: job.request } satisfies WorkerJobMessage);
  }

  private startBudget(job: Job): void {
    const { timeoutMs } = job.options;
    job.timer = setTimeout(() => {
      this.stop(job, { ok: false, kind: job.slot ? 'timeout' : 'queued', detail: `${timeoutMs} ms` });
    }, timeoutMs);
  }

  private spawn(): Slot {
    const { script, resourceLimits, startupTimeoutMs, execArgv = [] } = this.options;
    const worker = new Worker(script, { name: `ovos-${this.name}`, execArgv, resourceLimits });
    this.startedWorkers++;
    const slot: Slot = { worker, job: null, ready: startupTimeoutMs === undefined, startupTimer: undefined, idleTimer: undefined };
    this.slots.add(slot);
    if (startupTimeoutMs !== undefined) {
      slot.startupTimer = setTimeout(() => {
        this.gone(slot, 'startup', `the ${this.name} worker was not ready after ${startupTimeoutMs} ms`);
        this.kill(slot);
      }, startupTimeoutMs);
    }
    worker.on('message', (msg: unknown) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.gone(slot, slot.ready ? 'crashed' : 'startup', this.diedText(err)));
    worker.on('exit', (code) => this.gone(slot, slot.ready ? 'crashed' : 'startup', `the ${this.name} worker exited with code ${code}`));
    return slot;
  }

  private onMessage(slot: Slot, msg: unknown): void {
    if (!isObject(msg)) return;
    if (msg.ready === true) {
      if (slot.ready) return;
      slot.ready = true;
      clearTimeout(slot.startupTimer);
      if (slot.job) this.dispatch(slot, slot.job);
      return;
    }
    const reply = msg as unknown as WorkerJobReply;
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    job.settle(reply.ok ? { ok: true, value: reply.value } : { ok: false, kind: 'failed', detail: String(reply.error) });
    this.toIdle(slot);
    this.pump();
  }

  /** Parks a worker without a job: `unref`'d, and beyond the first idle one, terminated after `idleTimeoutMs`. */
  private toIdle(slot: Slot): void {
    this.idle.push(slot);
    slot.worker.unref();
    if (this.idle.length === 1) return;
    slot.idleTimer = setTimeout(() => {
      if (this.idle.includes(slot) && this.idle.length > 1) this.kill(slot);
    }, this.options.idleTimeoutMs ?? 10_000);
    slot.idleTimer.unref();
  }

  /** A worker died by itself (load failure, crash, memory limit): fail its job and forget it. */
  private gone(slot: Slot, kind: 'crashed' | 'startup', detail: string): void {
    if (!this.slots.has(slot)) return;
    this.forget(slot);
    const job = slot.job;
    slot.job = null;
    job?.settle({ ok: false, kind, detail });
    this.pump();
  }

  private diedText(err: Error): string {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const limit = this.options.resourceLimits?.maxOldGenerationSizeMb;
      return `the ${this.name} worker ran out of memory${limit ? ` (limit ${limit} MB)` : ''}`;
    }
    return `the ${this.name} worker failed: ${err.message}`;
  }

  /** Ends a job early (budget or abort): drops it from the queue, or terminates the worker running it. */
  private stop(job: Job, outcome: WorkerJobOutcome<unknown>): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    else if (job.slot && job.slot.job === job) this.kill(job.slot);
    else return;
    job.settle(outcome);
    this.pump();
  }

  private kill(slot: Slot): void {
    this.forget(slot);
    slot.job = null;
    const exit = slot.worker.terminate().catch(() => undefined);
    this.exits.add(exit);
    void exit.finally(() => this.exits.delete(exit));
  }

  private forget(slot: Slot): void {
    clearTimeout(slot.startupTimer);
    clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? 'aborted' : String(reason);
}
