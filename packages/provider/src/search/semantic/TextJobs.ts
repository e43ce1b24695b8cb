import type { SearchRanker, TextEmbedder } from '@ovos-tools/core';
import { errorMessage } from '@ovos-tools/core/node';
import { claimedBack, claimFront, textClaims } from './claimTexts.js';
import type { EmbedHelperInit, FromSemanticWorker } from './semanticProtocol.js';
import { helperWanted, startEmbedHelper, type EmbedHelper } from './startEmbedHelper.js';
import { vectorKey, writeVectorCache } from './vectorCache.js';

/** Tool texts the search worker embeds per model call: texts of similar length are batched together (less padding). */
export const BATCH = 16;
/** The helper's batches: it takes the longest texts, and smaller batches of them let both threads end together. */
export const HELPER_BATCH = 8;

/** The ranker module imported and checked, and its vector cache read: enough to see which texts need the model. */
export interface RankerState {
  /** The ranker (its model id and dimensions key and check the vectors). */
  ranker: SearchRanker;
  /** Cached vectors by key (`vectorKey`), least recently used first. */
  cache: Map<string, Float32Array>;
  /** The cache file. */
  file: string;
}

/** One `texts` request of the provider. */
interface TextsJob {
  id: number;
  texts: string[];
  /** Set once its cached vectors are read (then `keys`, `out` and `order` hold). */
  prepared: boolean;
  keys: string[];
  /** The vectors, one after another (cached ones from the start). */
  out: Float32Array;
  /** The texts to embed (indices into `texts`), shortest first; their positions are taken through `claims`. */
  order: number[];
  claims: BigInt64Array;
  /** Positions of `order` whose vector is not in yet. */
  left: number;
  /** Positions the helper took but could not embed: this thread embeds them. */
  retry: number[];
  /** The helper is working on this job (until it says it took its last batch, or stopped): it ends when no job is. */
  helped: boolean;
  fromCache: number;
  started: number;
}

/**
 * The provider's `texts` requests in the search worker: each job's cached vectors are read, the other texts embedded
 * in batches, and the jobs answered in the order they came (`vectors`), the cache file written when anything was
 * embedded. When many texts wait and the machine can spare a core and the memory (`helperWanted`), a helper thread
 * with a second copy of the model embeds the longest texts while this thread takes the shortest (and answers
 * requests between its batches); the helper ends when no text waits. A helper that fails is ended, not started
 * again, and this thread embeds what it held.
 */
export class TextJobs {
  private readonly jobs: TextsJob[] = [];
  private helper: EmbedHelper | undefined;
  private helperFailed = false;

  /**
   * @param post - sends a message to the provider (`vectors` with its buffer transferred, `log`).
   * @param helperInit - the ranker the helper loads (the search worker's).
   * @param wake - asks the search worker to run its steps again (the helper handed texts back).
   * @param fail - ends the search worker (the model answered vectors of the wrong count or length).
   */
  constructor(
    private readonly post: (m: FromSemanticWorker, transfer?: ArrayBuffer[]) => void,
    private readonly helperInit: EmbedHelperInit,
    private readonly wake: () => void,
    private readonly fail: (err: unknown) => void,
  ) {}

  /** Queues a `texts` request. */
  add(id: number, texts: string[]): void {
    this.jobs.push({ id, texts, prepared: false, keys: [], out: new Float32Array(0), order: [], claims: textClaims(0), left: 0, retry: [], helped: false, fromCache: 0, started: performance.now() });
  }

  /** Reads the cached vectors of the jobs not read yet and starts the helper for their texts when wanted; answers jobs that need no model. */
  prepare(r: RankerState): void {
    for (const job of [...this.jobs]) if (!job.prepared) this.prepareJob(r, job); // (a copy: answering shifts the queue)
    this.answerDone(r);
  }

  /**
   * One step of this thread: one batch of the first job with texts left for it (a job's first step reads its cache).
   * Returns false when no job has texts left for this thread (none, or only texts the helper holds).
   */
  async step(r: RankerState, embedder: TextEmbedder): Promise<boolean> {
    this.prepare(r);
    for (const job of this.jobs) {
      const taken = claimFront(job.claims, BATCH);
      const positions = taken ? range(taken[0], taken[1]) : job.retry.splice(0, BATCH);
      if (positions.length === 0) continue;
      const vectors = await embedder.embed(positions.map((p) => job.texts[job.order[p]!]!));
      this.store(r, job, positions, vectors);
      this.answerDone(r);
      return true;
    }
    return false;
  }

  private prepareJob(r: RankerState, job: TextsJob): void {
    const dims = r.ranker.dimensions;
    job.prepared = true;
    job.out = new Float32Array(job.texts.length * dims);
    job.texts.forEach((text, i) => {
      const key = vectorKey(r.ranker.modelId, text);
      job.keys.push(key);
      const hit = r.cache.get(key);
      if (hit) {
        job.out.set(hit, i * dims);
        r.cache.delete(key);
        r.cache.set(key, hit); // most recently used last
        job.fromCache++;
      } else job.order.push(i);
    });
    job.order.sort((a, b) => job.texts[a]!.length - job.texts[b]!.length);
    job.claims = textClaims(job.order.length);
    job.left = job.order.length;
    if (job.left > BATCH) this.help(r, job);
  }

  /** Has the helper (started now when wanted) take texts from the back of `job`'s list. */
  private help(r: RankerState, job: TextsJob): void {
    if (this.helperFailed) return;
    if (!this.helper) {
      const waiting = this.jobs.reduce((n, j) => n + j.left, 0);
      if (!helperWanted(waiting)) return;
      try {
        this.helper = startEmbedHelper(this.helperInit);
      } catch (err) {
        this.helperFailed = true;
        this.post({ type: 'log', level: 'info', message: `the search model embeds on one thread: a second could not start (${errorMessage(err)})` });
        return;
      }
      this.post({ type: 'log', level: 'info', message: `the search model embeds ${waiting} tool texts on two threads (a second copy of the model while they wait)` });
    }
    const helper = this.helper;
    const taken = new Set<number>(); // positions the helper answered
    job.helped = true;
    helper.help(job.id, job.order.map((i) => job.texts[i]!), job.claims, HELPER_BATCH, {
      vectors: (from, vectors) => {
        const positions = range(from, from + vectors.length);
        positions.forEach((p) => taken.add(p));
        try {
          this.store(r, job, positions, vectors);
        } catch (err) {
          this.fail(err); // the model itself answers wrong: as when this thread's batch does
          return;
        }
        this.answerDone(r);
      },
      end: (error) => {
        job.helped = false;
        if (error !== undefined) this.helperStopped(helper, job, taken, error);
        if (!this.jobs.some((j) => j.helped)) this.endHelper(helper);
        this.answerDone(r);
      },
    });
  }

  /** The helper stopped on `job`: the positions it took and did not answer go back to this thread. */
  private helperStopped(helper: EmbedHelper, job: TextsJob, answered: Set<number>, error: string): void {
    if (!this.helperFailed) this.post({ type: 'log', level: 'warn', message: `the search model's second thread stopped (${error}); the tool texts are embedded on one thread` });
    this.helperFailed = true;
    for (let p = claimedBack(job.claims); p < job.order.length; p++) if (!answered.has(p) && !job.retry.includes(p)) job.retry.push(p);
    this.endHelper(helper);
    this.wake();
  }

  private endHelper(helper: EmbedHelper): void {
    helper.close();
    if (this.helper === helper) this.helper = undefined;
  }

  /** Keeps a batch's vectors (in the job and the cache); throws when the model answered the wrong count or length. */
  private store(r: RankerState, job: TextsJob, positions: number[], vectors: Float32Array[]): void {
    const dims = r.ranker.dimensions;
    if (vectors.length !== positions.length || vectors.some((v) => !(v instanceof Float32Array) || v.length !== dims)) {
      throw new Error(`the model answered ${vectors.length} vector(s) of ${vectors[0]?.length ?? 0} numbers for ${positions.length} text(s) of ${dims}`);
    }
    positions.forEach((p, n) => {
      const i = job.order[p]!;
      job.out.set(vectors[n]!, i * dims);
      r.cache.set(job.keys[i]!, vectors[n]!);
    });
    job.left -= positions.length;
  }

  /**
   * Answers the jobs at the front of the queue whose every vector is in (writing the cache when any was embedded). A
   * job the helper still works on may be answered: with every vector in, it holds none of its texts.
   */
  private answerDone(r: RankerState): void {
    while (this.jobs[0]?.prepared && this.jobs[0].left === 0) {
      const job = this.jobs.shift()!;
      if (job.fromCache < job.texts.length) {
        try {
          writeVectorCache(r.file, r.ranker.dimensions, r.cache);
        } catch (err) {
          this.post({ type: 'log', level: 'warn', message: `the vector cache ${r.file} could not be written (${errorMessage(err)}); the next start embeds these tools again` });
        }
      }
      this.post({ type: 'vectors', id: job.id, texts: job.texts, vectors: job.out, fromCache: job.fromCache, ms: Math.round(performance.now() - job.started) }, [job.out.buffer as ArrayBuffer]);
    }
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}
