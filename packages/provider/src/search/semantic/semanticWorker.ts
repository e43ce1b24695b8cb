// The search worker (issue 42): imports a search-ranker package, loads its model, embeds tool texts (through the
// vector cache on disk) and requests. Runs in a worker thread of the provider, so the model never runs on the
// provider's event loop; the provider falls back to lexical ranking whenever this worker is slow, failing or gone.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchRanker, TextEmbedder } from '@ovos-tools/core';
import { searchRankerProblem } from './checkSearchRanker.js';
import { ANSWER_STATUS, ANSWERED_SEQ, SHARED_HEADER_BYTES, STATUS_FAILED, STATUS_OK, type FromSemanticWorker, type SemanticWorkerInit, type ToSemanticWorker } from './semanticProtocol.js';
import { readVectorCache, vectorCacheFile, vectorKey, writeVectorCache } from './vectorCache.js';

/** Tool texts embedded per model call: texts of similar length are batched together (less padding). */
const BATCH = 16;

const init = workerData as SemanticWorkerInit;
const port = parentPort!;
const header = new Int32Array(init.shared, 0, 2);
const post = (m: FromSemanticWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

interface TextsJob {
  id: number;
  texts: string[];
  keys: string[];
  out: Float32Array;
  todo: number[];
  fromCache: number;
  started: number;
}

let latestQuery: { seq: number; text: string } | undefined;
const jobs: TextsJob[] = [];
let busy = false;
const model = loadModel();
model.catch((err: unknown) => {
  post({ type: 'fatal', error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
port.on('message', (m: ToSemanticWorker) => {
  if (m.type === 'query') latestQuery = { seq: m.seq, text: m.text };
  else jobs.push({ id: m.id, texts: m.texts, keys: [], out: new Float32Array(0), todo: [], fromCache: 0, started: performance.now() });
  void pump();
});

async function loadModel(): Promise<{ embedder: TextEmbedder; ranker: SearchRanker; cache: Map<string, Float32Array>; file: string }> {
  const started = performance.now();
  const mod = (await import(pathToFileURL(init.modulePath).href)) as Record<string, unknown>;
  const ranker = mod[init.exportName];
  const problem = searchRankerProblem(ranker);
  if (problem) throw new Error(`export '${init.exportName}' of ${init.modulePath}: ${problem}`);
  const r = ranker as SearchRanker;
  const embedder = await r.load(init.backend ? { backend: init.backend } : {});
  const file = vectorCacheFile(init.cacheDir, r.modelId);
  const read = readVectorCache(file, r.dimensions);
  if (read.problem) post({ type: 'log', level: 'warn', message: read.problem });
  post({ type: 'ready', modelId: r.modelId, dimensions: r.dimensions, languages: [...r.languages], loadMs: Math.round(performance.now() - started), cached: read.vectors.size });
  return { embedder, ranker: r, cache: read.vectors, file };
}

/** Runs queued work, a request's vector always before the next batch of tool texts. */
async function pump(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    const m = await model;
    while (latestQuery || jobs.length) {
      if (latestQuery) {
        const q = latestQuery;
        latestQuery = undefined;
        await answerQuery(m.embedder, m.ranker.dimensions, q.seq, q.text);
      } else await textsStep(m);
    }
  } catch (err) {
    post({ type: 'fatal', error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  } finally {
    busy = false;
  }
}

async function answerQuery(embedder: TextEmbedder, dims: number, seq: number, text: string): Promise<void> {
  let status = STATUS_FAILED;
  try {
    const [v] = await embedder.embed([text]);
    if (v && v.length === dims) {
      new Float32Array(init.shared, SHARED_HEADER_BYTES, dims).set(v);
      status = STATUS_OK;
    }
  } catch (err) {
    post({ type: 'log', level: 'warn', message: `the search model could not embed a request: ${err instanceof Error ? err.message : String(err)}` });
  }
  Atomics.store(header, ANSWER_STATUS, status);
  Atomics.store(header, ANSWERED_SEQ, seq);
  Atomics.notify(header, ANSWERED_SEQ);
}

/** One step of the oldest texts job: its cached vectors first, then one batch of texts to embed; answers when done. */
async function textsStep(m: Awaited<typeof model>): Promise<void> {
  const job = jobs[0]!;
  const dims = m.ranker.dimensions;
  if (job.keys.length === 0 && job.texts.length > 0) {
    job.out = new Float32Array(job.texts.length * dims);
    job.texts.forEach((text, i) => {
      const key = vectorKey(m.ranker.modelId, text);
      job.keys.push(key);
      const hit = m.cache.get(key);
      if (hit) {
        job.out.set(hit, i * dims);
        m.cache.delete(key);
        m.cache.set(key, hit); // most recently used last
        job.fromCache++;
      } else job.todo.push(i);
    });
    job.todo.sort((a, b) => job.texts[a]!.length - job.texts[b]!.length);
  }
  const batch = job.todo.splice(0, BATCH);
  if (batch.length) {
    const vectors = await m.embedder.embed(batch.map((i) => job.texts[i]!));
    batch.forEach((i, n) => {
      const v = vectors[n];
      if (!v || v.length !== dims) throw new Error(`the model answered ${vectors.length} vector(s) of ${v?.length ?? 0} numbers for ${batch.length} text(s) of ${dims}`);
      job.out.set(v, i * dims);
      m.cache.set(job.keys[i]!, v);
    });
  }
  if (job.todo.length) return;
  jobs.shift();
  if (job.fromCache < job.texts.length) {
    try {
      writeVectorCache(m.file, dims, m.cache);
    } catch (err) {
      post({ type: 'log', level: 'warn', message: `the vector cache ${m.file} could not be written (${err instanceof Error ? err.message : String(err)}); the next start embeds these tools again` });
    }
  }
  post({ type: 'vectors', id: job.id, texts: job.texts, vectors: job.out, fromCache: job.fromCache, ms: Math.round(performance.now() - job.started) }, [job.out.buffer as ArrayBuffer]);
}
