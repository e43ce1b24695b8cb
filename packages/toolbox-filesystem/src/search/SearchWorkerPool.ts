import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchJobMessage, SearchReplyMessage, SearchReport, SearchRequest } from './protocol.js';

/**
 * How a pooled search ended. `ok: false` kinds: `timeout` (the budget ran out while the search ran; its
 * worker was terminated), `queued` (the budget ran out before a worker was free), `aborted` (the caller's
 * signal fired), `closed` (the pool was closed meanwhile), `failed` (the worker threw or died; `detail` says why).
 */
export type SearchOutcome =
  | {
      /** The search completed. */
      ok: true;
      /** Its report. */
      report: SearchReport;
    }
  | {
      /** It did not. */
      ok: false;
      /** Why (see above). */
      kind: 'timeout' | 'queued' | 'aborted' | 'closed' | 'failed';
      /** The budget that ran out, the signal's reason, or what the worker threw. */
      detail: string;
    };

/** Options of {@link SearchWorkerPool}. */
export interface SearchWorkerPoolOptions {
  /** The worker script; default the compiled `searchWorker.js` beside this module. */
  script?: URL;
  /** Most searches running at once (one worker thread each); default min(4, max(2, available CPUs)). */
  maxWorkers?: number;
}

/** Per-search options of {@link SearchWorkerPool.run}. */
export interface SearchRunOptions {
  /** Wall-clock budget in ms, counted from the call (waiting for a free worker included). */
  timeoutMs: number;
  /** Aborting ends the search at once (`aborted`); a running search's worker is terminated. */
  signal?: AbortSignal;
}

interface Job {
  id: number;
  request: SearchRequest;
  settle: (outcome: SearchOutcome) => void;
  slot: Slot | null;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/**
 * Worker threads that run the matching half of `search_in_files` ({@link runSearch}), so a pathological
 * regular expression never runs on the caller's event loop. Workers are created lazily, each runs one search
 * at a time, and up to `maxWorkers` run at once (later searches wait). One idle worker is kept warm for the
 * next search and `unref`'d, so it never keeps the process alive. A search that runs out of time or is
 * aborted has its worker terminated (the regex is interrupted mid-match); the next search starts a fresh one.
 * {@link run} never rejects: every ending is a {@link SearchOutcome}.
 */
export class SearchWorkerPool {
  private readonly script: URL;
  private readonly maxWorkers: number;
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly exits = new Set<Promise<unknown>>();
  private nextId = 1;
  /** How many worker threads this pool has started so far (diagnostics and tests). */
  startedWorkers = 0;

  constructor(options: SearchWorkerPoolOptions = {}) {
    this.script = options.script ?? new URL('./searchWorker.js', import.meta.url);
    this.maxWorkers = Math.max(1, Math.floor(options.maxWorkers ?? Math.min(4, Math.max(2, os.availableParallelism()))));
  }

  /** Worker threads currently alive (busy or idle); 0 after {@link close}. */
  get liveWorkers(): number {
    return this.slots.size;
  }

  /** Runs one search in a worker; resolves with its report or why it did not finish (never rejects). */
  run(request: SearchRequest, options: SearchRunOptions): Promise<SearchOutcome> {
    const { signal, timeoutMs } = options;
    if (signal?.aborted) return Promise.resolve({ ok: false, kind: 'aborted', detail: reasonText(signal.reason) });
    return new Promise<SearchOutcome>((resolve) => {
      const onAbort = () => this.stop(job, { ok: false, kind: 'aborted', detail: reasonText(signal?.reason) });
      const timer = setTimeout(() => {
        this.stop(job, job.slot ? { ok: false, kind: 'timeout', detail: `${timeoutMs} ms` } : { ok: false, kind: 'queued', detail: `${timeoutMs} ms` });
      }, timeoutMs);
      const job: Job = {
        id: this.nextId++,
        request,
        slot: null,
        settle: (outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /**
   * Terminates every worker and ends running and waiting searches with `closed`. Resolves once the threads
   * have exited. The pool stays usable: a later search starts a new worker.
   */
  async close(): Promise<void> {
    const waiting = this.queue.splice(0);
    for (const job of waiting) job.settle({ ok: false, kind: 'closed', detail: 'closed' });
    for (const slot of [...this.slots]) {
      const job = slot.job;
      this.kill(slot);
      job?.settle({ ok: false, kind: 'closed', detail: 'closed' });
    }
    await Promise.all([...this.exits]);
  }

  /** Gives queued jobs to idle workers, starting new workers up to `maxWorkers`. */
  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.idle.pop();
      if (!slot) {
        if (this.slots.size >= this.maxWorkers) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      job.slot = slot;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, request: job.request } satisfies SearchJobMessage);
    }
  }

  private spawn(): Slot {
    // No inherited CLI flags: the worker is plain compiled JS importing only its siblings and node builtins,
    // and some host flags make a worker fail to start (e.g. `--input-type`, used with `node -e`).
    const worker = new Worker(this.script, { name: 'ovos-fs-search', execArgv: [] });
    this.startedWorkers++;
    const slot: Slot = { worker, job: null };
    this.slots.add(slot);
    worker.on('message', (msg: SearchReplyMessage) => this.onReply(slot, msg));
    worker.on('error', (err) => this.onGone(slot, `the search worker failed: ${err.message}`));
    worker.on('exit', (code) => this.onGone(slot, `the search worker exited with code ${code}`));
    return slot;
  }

  private onReply(slot: Slot, msg: SearchReplyMessage): void {
    const job = slot.job;
    if (!job || job.id !== msg.id) return;
    slot.job = null;
    job.settle(msg.ok ? { ok: true, report: msg.report } : { ok: false, kind: 'failed', detail: msg.error });
    if (this.idle.length === 0) {
      this.idle.push(slot);
      slot.worker.unref();
    } else {
      this.kill(slot);
    }
    this.pump();
  }

  /** A worker died by itself (load failure, crash): fail its search and forget it. */
  private onGone(slot: Slot, detail: string): void {
    if (!this.slots.has(slot)) return;
    this.forget(slot);
    const job = slot.job;
    slot.job = null;
    job?.settle({ ok: false, kind: 'failed', detail });
    this.pump();
  }

  /** Ends a job early (timeout or abort): drops it from the queue, or terminates the worker running it. */
  private stop(job: Job, outcome: SearchOutcome): void {
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
    this.slots.delete(slot);
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? 'aborted' : String(reason);
}
