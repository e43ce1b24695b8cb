import type { Worker } from 'node:worker_threads';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { ANSWER_STATUS, ANSWERED_SEQ, MAX_DIMENSIONS, SHARED_HEADER_BYTES, STATUS_OK, type FromSemanticWorker, type SemanticWorkerInit, type ToSemanticWorker } from './semanticProtocol.js';
import { keepLateAnswer, waitAsync } from './lateAnswer.js';
import { spawnSemanticWorker } from './spawnSemanticWorker.js';
import { defaultVectorCacheDir } from './vectorCache.js';
import { WaitPolicy } from './waitPolicy.js';

/** Where a search-ranker package's model is: discovery's declaration of it. */
export interface RankerDeclaration {
  /** The npm package declaring it. */
  packageName: string;
  /** Its entry-point name. */
  entryPointName: string;
  /** The module to import (absolute path). */
  modulePath: string;
  /** The export of that module holding the ranker. */
  exportName: string;
  /** Changes whenever the package is reinstalled: a new fingerprint starts a new worker. */
  fingerprint: string;
}

/** How a {@link SemanticRanker} runs. */
export interface SemanticRankerOptions {
  /** The folder of the vector cache files; default `defaultVectorCacheDir()` (`$XDG_CACHE_HOME/ovos-tools/search-vectors`). */
  cacheDir?: string;
  /** The longest a search waits for its request's vector, ms; default {@link QUERY_WAIT_MS}. */
  queryWaitMs?: number;
  /** The compute backend asked of the ranker (`cpu`, `wasm`); default {@link DEFAULT_BACKEND}. */
  backend?: string;
  /** Where starts, failures and fallbacks are told. */
  logger?: Logger;
}

/** The longest a search waits for the model to embed its request before it answers lexically, ms. */
export const QUERY_WAIT_MS = 80;
/** The backend asked of the ranker: `wasm` (measured faster than `cpu` for this model and no larger; docs/search-and-budgets.md). */
export const DEFAULT_BACKEND = 'wasm';
/** Requests whose vectors are kept (about 2 kB each). */
const RECENT_QUERIES = 256;
/** A worker that stopped this many times is not started again until the next reload. */
const MAX_STARTS = 3;

/**
 * The provider's side of a search ranker (issue 42): a worker thread that loads the ranker package's model lazily
 * (at the first {@link vectorsFor}), embeds tool texts once (through the vector cache on disk) and a request per
 * search. Never throws and never blocks longer than `queryWaitMs`: while the model loads, after it failed, or when it
 * is slow, its answers are `undefined` and search ranks lexically (the log says why, once per cause). A worker that
 * stops (killed, out of memory, the package removed) is started again by the next search, at most
 * {@link MAX_STARTS} times.
 */
export class SemanticRanker {
  private worker: Worker | undefined;
  private state: 'idle' | 'loading' | 'ready' | 'failed' | 'closed' = 'idle';
  private starts = 0;
  private model: { modelId: string; dimensions: number; languages: string[] } | undefined;
  private readonly vectors = new Map<string, Float32Array>();
  private readonly pending = new Set<string>();
  private readonly shared = new SharedArrayBuffer(SHARED_HEADER_BYTES + MAX_DIMENSIONS * 4);
  private readonly header = new Int32Array(this.shared, 0, 2);
  private seq = 0;
  /** The text of the last request posted (request `seq`). */
  private asked = '';
  /** The request whose late answer is waited for in the background (see `keepLateAnswer`). */
  private keeping = 0;
  /** Recent requests' vectors, least recently used first. */
  private readonly recent = new Map<string, Float32Array>();
  private jobId = 0;
  /** The vectors of the last catalog whose every text was embedded (the same `texts` array answers from it). */
  private complete: { texts: readonly string[]; vectors: Float32Array[] } | undefined;
  /** The requests {@link prepareQuery} sent, one at a time: the last one's settling. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly wait: WaitPolicy;
  /** Messages for a worker being started (created on the next turn of the event loop), sent once it exists. */
  private outbox: ToSemanticWorker[] | undefined;
  private readonly logger: Logger;

  constructor(
    readonly declaration: RankerDeclaration,
    private readonly options: SemanticRankerOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
    this.wait = new WaitPolicy(this.logger, options.queryWaitMs ?? QUERY_WAIT_MS);
  }

  /** The languages the model was trained on (`["en"]`), once loaded. */
  get languages(): readonly string[] | undefined {
    return this.model?.languages;
  }

  /** Searches that did not wait for the model because it kept missing the wait (see `WaitPolicy`). */
  get skippedWaits(): number {
    return this.wait.skipped;
  }

  /** `idle` (not started), `loading`, `ready`, `failed` (stopped; the next search may start it again) or `closed`. */
  get status(): string {
    return this.state;
  }

  /** Its model id, once loaded. */
  get modelId(): string | undefined {
    return this.model?.modelId;
  }

  /**
   * The vectors of `texts` when every one is known, else `undefined`, after asking the worker for the missing ones
   * (starting it when needed). Vectors of texts not in `texts` are forgotten (the catalog changed).
   */
  vectorsFor(texts: readonly string[]): Float32Array[] | undefined {
    // a search asks twice (to prepare its request, then to rank) for the same catalog: answered from the last complete set
    if (this.state === 'ready' && this.complete?.texts === texts) return this.complete.vectors;
    if (this.state === 'closed') return undefined;
    if ((this.state === 'idle' || this.state === 'failed') && !this.start()) return undefined;
    const wanted = new Set(texts);
    for (const t of this.vectors.keys()) if (!wanted.has(t)) this.vectors.delete(t);
    const missing = [...wanted].filter((t) => !this.vectors.has(t) && !this.pending.has(t));
    if (missing.length) {
      for (const t of missing) this.pending.add(t);
      this.post({ type: 'texts', id: ++this.jobId, texts: missing });
    }
    if (this.state !== 'ready' || this.pending.size) return undefined;
    this.complete = { texts, vectors: texts.map((t) => this.vectors.get(t)!) };
    return this.complete.vectors;
  }

  /**
   * The request's vector, waiting at most `queryWaitMs` for the worker when `wait` (blocking this thread: for
   * embedders and benches that search synchronously), or only a vector {@link prepareQuery} fetched already when not;
   * `undefined` when it is not ready, failed or slow. The vectors of the last {@link RECENT_QUERIES} requests are kept:
   * a request said again costs nothing.
   */
  queryVector(text: string, wait = true): Float32Array | undefined {
    if (this.state !== 'ready' || !this.model) return undefined;
    const known = this.recent.get(text);
    if (known) {
      this.recent.delete(text);
      this.recent.set(text, known);
      return known;
    }
    if (!wait) return undefined;
    const seq = this.ask(text);
    const deadline = performance.now() + (this.options.queryWaitMs ?? QUERY_WAIT_MS);
    for (;;) {
      const answered = Atomics.load(this.header, ANSWERED_SEQ);
      if (answered === seq) break;
      const left = deadline - performance.now();
      if (left <= 0) return this.wait.missed();
      Atomics.wait(this.header, ANSWERED_SEQ, answered, left);
    }
    return this.answer(text, this.model.dimensions);
  }

  /**
   * Fetches the request's vector without blocking the event loop (the service's searches): resolves `true` once the
   * vector is kept with the recent ones (so `queryVector(text, false)` finds it), `false` when the model is not ready,
   * failed, or did not answer within `queryWaitMs` of this call. Requests go to the worker one at a time (it answers
   * through one shared slot); the time spent waiting behind another counts toward the limit. After three requests in
   * a row not embedded in time, a request that finds the worker still busy resolves `false` at once (one in eight
   * still waits; one embedded in time ends this). Never rejects.
   */
  prepareQuery(text: string): Promise<boolean> {
    if (this.state !== 'ready' || !this.model) return Promise.resolve(false);
    if (this.recent.has(text)) return Promise.resolve(true);
    const deadline = performance.now() + (this.options.queryWaitMs ?? QUERY_WAIT_MS);
    const run = this.queue.then(() => this.embedWithin(text, deadline));
    this.queue = run.catch(() => undefined);
    return run.then((v) => v !== undefined, () => false);
  }

  private async embedWithin(text: string, deadline: number): Promise<Float32Array | undefined> {
    if (this.recent.has(text)) return this.recent.get(text);
    if (this.state !== 'ready' || !this.model) return undefined;
    if (performance.now() >= deadline) return this.wait.missed();
    const behind = Atomics.load(this.header, ANSWERED_SEQ) !== this.seq;
    // the same words still being embedded: not asked again, that answer is waited for (or kept when it comes)
    const seq = behind && this.asked === text ? this.seq : this.ask(text);
    if (this.wait.skip(behind)) return this.late(seq, text);
    for (;;) {
      const answered = Atomics.load(this.header, ANSWERED_SEQ);
      if (answered === seq) break;
      const left = deadline - performance.now();
      if (left <= 0) {
        this.wait.missed();
        return this.late(seq, text);
      }
      const waited = waitAsync(this.header, ANSWERED_SEQ, answered, left);
      if (waited.async) await waited.value;
    }
    this.wait.reset();
    return this.model ? this.answer(text, this.model.dimensions) : undefined;
  }

  /** A search that stopped waiting for request `seq` (or did not wait): the answer, if it comes, is kept for the next. */
  private late(seq: number, text: string): undefined {
    if (this.keeping === seq) return undefined;
    this.keeping = seq;
    void keepLateAnswer(this.header, seq, () => this.seq, () => this.model && this.answer(text, this.model.dimensions));
    return undefined;
  }

  /** Posts a request to embed; its sequence number. */
  private ask(text: string): number {
    const seq = (this.seq = (this.seq + 1) | 0 || 1);
    this.asked = text;
    this.post({ type: 'query', seq, text });
    return seq;
  }

  /** The answer in the shared slot, kept with the recent requests' vectors; `undefined` when the worker failed it. */
  private answer(text: string, dimensions: number): Float32Array | undefined {
    if (Atomics.load(this.header, ANSWER_STATUS) !== STATUS_OK) return undefined;
    const vector = new Float32Array(this.shared, SHARED_HEADER_BYTES, dimensions).slice();
    this.recent.set(text, vector);
    if (this.recent.size > RECENT_QUERIES) this.recent.delete(this.recent.keys().next().value!);
    return vector;
  }

  /** Stops the worker for good. */
  async close(): Promise<void> {
    this.state = 'closed';
    this.outbox = undefined;
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private post(m: ToSemanticWorker): void {
    if (this.outbox) return void this.outbox.push(m);
    try {
      this.worker?.postMessage(m);
    } catch {
      // a worker exiting: its 'exit' handler reports it
    }
  }

  /**
   * Starts the worker, `false` when it stopped too often. The thread itself is created on the next turn of the event
   * loop (`setImmediate`), after the search that asked has answered lexically: creating it costs that search tens of
   * ms, hundreds on a loaded machine. Messages posted meanwhile wait in {@link outbox}.
   */
  private start(): boolean {
    if (this.starts >= MAX_STARTS) return false;
    this.starts++;
    this.state = 'loading';
    this.pending.clear();
    this.complete = undefined;
    this.wait.reset();
    this.asked = ''; // a request the stopped worker did not answer is asked again, never waited for
    this.outbox = [];
    this.logger.info(`search: starting the search ranker ${this.declaration.entryPointName} (${this.declaration.packageName}) in a worker; searches rank lexically until it has embedded the tools`);
    setImmediate(() => this.spawn());
    return true;
  }

  private spawn(): void {
    const outbox = this.outbox;
    if (this.state !== 'loading' || !outbox) return;
    this.outbox = undefined;
    const d = this.declaration;
    const init: SemanticWorkerInit = { modulePath: d.modulePath, exportName: d.exportName, backend: this.options.backend ?? DEFAULT_BACKEND, cacheDir: this.options.cacheDir ?? defaultVectorCacheDir(), shared: this.shared };
    let worker: Worker;
    try {
      worker = spawnSemanticWorker(init, (m, fatal) => this.onMessage(worker, m, fatal), (reason) => this.worker === worker && this.failed(reason));
    } catch (err) {
      return this.failed(`it could not start: ${String(err)}`);
    }
    this.worker = worker;
    for (const m of outbox) this.post(m);
  }

  private onMessage(worker: Worker, m: FromSemanticWorker, fatal: (reason: string) => void): void {
    if (this.worker !== worker) return;
    if (m.type === 'log') this.logger[m.level](`search: ${m.message}`);
    else if (m.type === 'fatal') fatal(`it failed: ${m.error}`);
    else if (m.type === 'ready') {
      this.model = { modelId: m.modelId, dimensions: m.dimensions, languages: m.languages };
      this.state = 'ready';
      this.logger.info(`search: the search model ${m.modelId} loaded in ${m.loadMs} ms (${m.cached} cached tool vectors)`);
    } else if (m.type === 'vectors') {
      const dims = m.vectors.length / Math.max(1, m.texts.length);
      m.texts.forEach((t, i) => {
        if (this.pending.delete(t)) this.vectors.set(t, m.vectors.subarray(i * dims, (i + 1) * dims));
      });
      if (this.pending.size === 0) this.logger.info(`search: ${m.texts.length} tool text(s) embedded in ${m.ms} ms (${m.fromCache} from the cache); searches now rank by meaning too`);
    }
  }

  private failed(reason: string): void {
    this.worker = undefined;
    this.outbox = undefined;
    this.pending.clear();
    if (this.state === 'closed') return;
    this.state = 'failed';
    const again = this.starts < MAX_STARTS ? 'the next search starts it again' : `it stopped ${MAX_STARTS} times, so it stays off until the next reload`;
    this.logger.warn(`search: the search ranker ${this.declaration.entryPointName} stopped: ${reason}; searches rank lexically (${again})`);
  }
}
