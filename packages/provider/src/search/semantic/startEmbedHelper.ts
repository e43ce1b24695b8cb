import { availableParallelism, freemem } from 'node:os';
import type { EmbedHelperInit, FromEmbedHelper, ToEmbedHelper } from './semanticProtocol.js';
import { startSearchThread } from './spawnSemanticWorker.js';

/** Tool texts waiting for the model from which a second thread helps embed them (a cold start, a large install). */
export const HELPER_MIN_TEXTS = 96;
/** Free memory (bytes) the machine must have for the helper's copy of the model (about 200 MB for all-MiniLM-L6-v2). */
export const HELPER_MIN_FREE_BYTES = 1024 * 1024 * 1024;

/** How the search worker hears about one job the helper helps with. */
export interface HelpedJob {
  /** A batch's vectors, for the job's positions `from` on (unchecked: check them as the model's own). */
  vectors(from: number, vectors: Float32Array[]): void;
  /** The helper took no more of the job's texts (`error` unset), or stopped helping with it (the batch it held unanswered). */
  end(error?: string): void;
}

/** A running embedding helper thread. */
export interface EmbedHelper {
  /** Has the helper take batches of `batch` texts from the back of `claims` (see `claimTexts.ts`). */
  help(id: number, texts: string[], claims: BigInt64Array, batch: number, job: HelpedJob): void;
  /** Ends the thread (its model's memory is freed); the jobs it was helping with end with an error. */
  close(): void;
}

/**
 * Whether a second embedding thread would pay for itself now: at least {@link HELPER_MIN_TEXTS} texts wait, the
 * machine has more than one core and at least {@link HELPER_MIN_FREE_BYTES} of {@link freeMemory}.
 */
export function helperWanted(waiting: number): boolean {
  return waiting >= HELPER_MIN_TEXTS && availableParallelism() > 1 && freeMemory() >= HELPER_MIN_FREE_BYTES;
}

/**
 * Bytes of memory this process may still take: `process.availableMemory()` (Node ≥ 20.13: the free memory within
 * the process's cgroup limit, where one is set, so a container's limit counts), else the machine's `os.freemem()`.
 */
export function freeMemory(): number {
  return typeof process.availableMemory === 'function' ? process.availableMemory() : freemem();
}

/**
 * Starts the embedding helper (`embedHelper.js`, as the search worker is started: `startSearchThread`). It loads the
 * ranker itself (about a second) and then works on the jobs it was given, in order. Throws when the thread cannot be
 * created.
 */
export function startEmbedHelper(init: EmbedHelperInit): EmbedHelper {
  const worker = startSearchThread('./embedHelper.js', init);
  const jobs = new Map<number, HelpedJob>();
  let ended: string | undefined;
  const end = (why: string): void => {
    ended ??= why;
    const helped = [...jobs.values()];
    jobs.clear();
    for (const job of helped) job.end(ended);
  };
  worker.on('message', (m: FromEmbedHelper) => {
    if ('ready' in m) return;
    if (m.id === undefined) return end(`its model could not be loaded: ${m.error}`);
    const job = jobs.get(m.id);
    if (!job) return;
    if ('vectors' in m) return job.vectors(m.from, m.vectors);
    jobs.delete(m.id);
    job.end('error' in m ? m.error : undefined);
  });
  worker.on('error', (err) => end(`it failed: ${err.message}`));
  worker.on('exit', (code) => end(`its thread exited (code ${code})`));
  return {
    help: (id, texts, claims, batch, job) => {
      if (ended) return job.end(ended);
      jobs.set(id, job);
      worker.postMessage({ id, texts, claims: claims.buffer as SharedArrayBuffer, batch } satisfies ToEmbedHelper);
    },
    close: () => {
      end('it was ended');
      void worker.terminate();
    },
  };
}
