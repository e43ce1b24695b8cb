// The search worker (issue 42): imports a search-ranker package, loads its model, embeds tool texts (through the
// vector cache on disk, with a helper thread when many wait: `TextJobs.ts`) and requests. Runs in a worker thread of
// the provider, so the model never runs on the provider's event loop; the provider falls back to lexical ranking
// whenever this worker is slow, failing or gone.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchRanker, TextEmbedder } from '@ovos-tools/core';
import { errorMessage } from '@ovos-tools/core/node';
import { searchRankerProblem } from './checkSearchRanker.js';
import { ANSWER_STATUS, ANSWERED_SEQ, SHARED_HEADER_BYTES, STATUS_FAILED, STATUS_OK, type FromSemanticWorker, type SemanticWorkerInit, type ToSemanticWorker } from './semanticProtocol.js';
import { TextJobs, type RankerState } from './TextJobs.js';
import { readVectorCache, vectorCacheFile } from './vectorCache.js';

const init = workerData as SemanticWorkerInit;
const port = parentPort!;
const header = new Int32Array(init.shared, 0, 2);
const post = (m: FromSemanticWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

let latestQuery: { seq: number; text: string } | undefined;
let busy = false;
const jobs = new TextJobs(post, { modulePath: init.modulePath, exportName: init.exportName, backend: init.backend }, () => void pump(), fatal);
/** The ranker module imported and checked, and its vector cache read: enough to see which texts need the model. */
const rankerReady = importRanker();
const model = rankerReady.then(loadModel);
model.catch(fatal);
port.on('message', (m: ToSemanticWorker) => {
  if (m.type === 'query') latestQuery = { seq: m.seq, text: m.text };
  else {
    jobs.add(m.id, m.texts);
    void prepareEarly();
  }
  void pump();
});

type Ranker = RankerState & { started: number };
type Model = Ranker & { embedder: TextEmbedder };

async function importRanker(): Promise<Ranker> {
  const started = performance.now();
  const mod = (await import(pathToFileURL(init.modulePath).href)) as Record<string, unknown>;
  const ranker = mod[init.exportName];
  const problem = searchRankerProblem(ranker);
  if (problem) throw new Error(`export '${init.exportName}' of ${init.modulePath}: ${problem}`);
  const r = ranker as SearchRanker;
  const file = vectorCacheFile(init.cacheDir, r.modelId);
  const read = readVectorCache(file, r.dimensions);
  if (read.problem) post({ type: 'log', level: 'warn', message: read.problem });
  return { ranker: r, cache: read.vectors, file, started };
}

async function loadModel(r: Ranker): Promise<Model> {
  const embedder = await r.ranker.load(init.backend ? { backend: init.backend } : {});
  post({ type: 'ready', modelId: r.ranker.modelId, dimensions: r.ranker.dimensions, languages: [...r.ranker.languages], loadMs: Math.round(performance.now() - r.started), cached: r.cache.size });
  return { ...r, embedder };
}

/**
 * Reads new jobs' cached vectors as soon as the ranker module is imported, before its model has loaded, so that a
 * helper for many uncached texts loads its copy of the model beside this thread's.
 */
async function prepareEarly(): Promise<void> {
  const r = await rankerReady.catch(() => undefined); // a failure is reported by `model`
  if (r) jobs.prepare(r);
}

/** Reports why this worker cannot go on, and ends it. */
function fatal(err: unknown): never {
  post({ type: 'fatal', error: errorMessage(err) });
  process.exit(1);
}

/** Runs queued work, a request's vector always before the next batch of tool texts. */
async function pump(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    const m = await model;
    for (;;) {
      if (latestQuery) {
        const q = latestQuery;
        latestQuery = undefined;
        await answerQuery(m.embedder, m.ranker.dimensions, q.seq, q.text);
      } else if (!(await jobs.step(m, m.embedder))) break; // nothing left for this thread (the helper may still be embedding)
      // a turn of the event loop between steps: requests and the helper's answers are read as they come
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    fatal(err);
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
