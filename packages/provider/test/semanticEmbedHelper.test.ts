import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RankerDeclaration } from '../src/search/semantic/SemanticRanker.js';
import { providerDir } from './helpers/pluginRoot.js';
import { until } from './helpers/processes.js';
import type { Logger } from '@ovos-tools/core';

/**
 * The search worker's second embedding thread (issue 42's cold start), on the built worker (`dist`): two threads
 * taking a job's texts from both ends of one shared list never take a text twice or skip one; many uncached tool
 * texts are embedded on two threads where the machine can spare a core and the memory, every vector the model's;
 * a helper that fails hands its texts back and every vector still arrives. The ranker is a module of letter counts
 * (no model) that takes 15 ms a batch and writes which thread ran each batch to a file beside it.
 */
const dist = path.join(providerDir, 'dist', 'search', 'semantic');
const { SemanticRanker } = (await import(pathToFileURL(path.join(dist, 'SemanticRanker.js')).href)) as typeof import('../src/search/semantic/SemanticRanker.js');
const { HELPER_MIN_FREE_BYTES, freeMemory } = (await import(pathToFileURL(path.join(dist, 'startEmbedHelper.js')).href)) as typeof import('../src/search/semantic/startEmbedHelper.js');

/**
 * The letters ranker. `failInHelper`: its load rejects in the helper thread (whose workerData has no `shared`).
 * `awaitHelper`: the search worker's third batch waits (at most 20 s) until another thread has embedded a batch, so
 * that a helper that works takes part however slowly a loaded machine starts its thread.
 */
const lettersRanker = (failInHelper: boolean, awaitHelper: boolean) => `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { threadId, workerData } from 'node:worker_threads';
const log = new URL('./batches-${failInHelper}.log', import.meta.url);
const helperEmbedded = () => existsSync(log) && readFileSync(log, 'utf8').split('\\n').some((l) => l && l.split(' ')[0] !== String(threadId));
let batches = 0;
export const letters = (t) => { const v = new Float32Array(4); for (const c of t) v[c.charCodeAt(0) % 4] += 1; const n = Math.hypot(...v); return v.map((x) => x / n); };
export const ranker = {
  [Symbol.for('ovos-tools.search-ranker')]: 1,
  modelId: 'letters-helper-test', dimensions: 4, languages: ['en'],
  async load() {
    if (${failInHelper} && !workerData?.shared) throw new Error('no memory for a second model');
    return { async embed(texts) {
      await new Promise((r) => setTimeout(r, 15));
      if (${awaitHelper} && workerData?.shared && ++batches === 3) {
        for (const end = Date.now() + 20_000; Date.now() < end && !helperEmbedded(); ) await new Promise((r) => setTimeout(r, 20));
      }
      appendFileSync(log, threadId + ' ' + texts.length + '\\n');
      return texts.map(letters);
    } };
  },
};
`;

/** What the helper needs of the machine (`helperWanted`); with less, one thread embeds everything. */
const spare = availableParallelism() > 1 && freeMemory() >= HELPER_MIN_FREE_BYTES;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ovos-embed-helper-'));
  writeFileSync(path.join(dir, 'letters.mjs'), lettersRanker(false, spare));
  writeFileSync(path.join(dir, 'failing.mjs'), lettersRanker(true, false));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const declaration = (file: string): RankerDeclaration => ({ packageName: file, entryPointName: file, modulePath: path.join(dir, file), exportName: 'ranker', fingerprint: '1' });
const texts = Array.from({ length: 200 }, (_, i) => `tool ${i}: ${'does something useful '.repeat(1 + (i % 7))}with ${i * 7919}`);

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (m: string) => void lines.push(m);
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

/** Every text's vector from a new ranker of `file`; then, before it is closed, waits for `also` when given. */
async function embedAll(file: string, logger: Logger, also?: [() => boolean, string]): Promise<Float32Array[]> {
  const r = new SemanticRanker(declaration(file), { cacheDir: path.join(dir, `cache-${file}`), logger });
  try {
    let got: Float32Array[] | undefined;
    await until(() => (got = r.vectorsFor(texts)) !== undefined && r.status === 'ready', 'the tool vectors', 30_000);
    if (also) await until(also[0], also[1], 30_000);
    return got!;
  } finally {
    await r.close();
  }
}

const threadsOf = (failInHelper: boolean) => {
  const lines = readFileSync(path.join(dir, `batches-${failInHelper}.log`), 'utf8').trim().split('\n');
  return { threads: new Set(lines.map((l) => l.split(' ')[0])), texts: lines.reduce((n, l) => n + Number(l.split(' ')[1]), 0) };
};

test('two threads taking from both ends of a shared list take every position once', async () => {
  const claimsUrl = pathToFileURL(path.join(dist, 'claimTexts.js')).href;
  const { textClaims, claimFront } = (await import(claimsUrl)) as typeof import('../src/search/semantic/claimTexts.js');
  for (const length of [0, 1, 7, 5000]) {
    const claims = textClaims(length);
    // the other thread takes from the back as fast as it can while this one takes from the front
    const other = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       import(workerData.url).then(({ claimBack }) => { const claims = new BigInt64Array(workerData.buffer); const got = [];
         for (let t = claimBack(claims, 3); t; t = claimBack(claims, 3)) got.push(t);
         parentPort.postMessage(got); });`,
      { eval: true, workerData: { url: claimsUrl, buffer: claims.buffer } },
    );
    const back = new Promise<Array<[number, number]>>((resolve, reject) => (other.once('message', resolve), other.once('error', reject)));
    const front: Array<[number, number]> = [];
    for (let t = claimFront(claims, 5); t; t = claimFront(claims, 5)) front.push(t);
    const seen = new Array<number>(length).fill(0);
    for (const [from, to] of [...front, ...(await back)]) for (let p = from; p < to; p++) seen[p]!++;
    await other.terminate();
    expect(seen.every((n) => n === 1)).toBe(true);
    expect(claimFront(claims, 5)).toBeUndefined();
  }
});

test('many uncached tool texts: embedded on two threads where the machine can spare them, every vector the model’s', async () => {
  const { letters } = (await import(pathToFileURL(path.join(dir, 'letters.mjs')).href)) as { letters: (t: string) => Float32Array };
  const logger = recorder();
  const vectors = await embedAll('letters.mjs', logger);
  expect(vectors.map((v) => [...v])).toEqual(texts.map((t) => [...letters(t)]));
  const { threads, texts: embedded } = threadsOf(false);
  expect(embedded).toBe(texts.length); // none twice, none skipped
  expect(threads.size).toBe(spare ? 2 : 1);
  expect(logger.lines.some((l) => /embeds 200 tool texts on two threads/.test(l))).toBe(spare);
});

test('a helper that cannot load its model: the search worker embeds every text itself and the log says so', async () => {
  const logger = recorder();
  const stopped = () => logger.lines.some((l) => /second thread stopped \(its model could not be loaded: no memory for a second model\)/.test(l));
  // the texts may all be in before the helper's load fails: its failure is awaited where a helper starts
  const vectors = await embedAll('failing.mjs', logger, spare ? [stopped, 'the log line of the failed helper'] : undefined);
  expect(vectors).toHaveLength(texts.length);
  const { threads, texts: embedded } = threadsOf(true);
  expect(threads.size).toBe(1);
  expect(embedded).toBe(texts.length);
  expect(stopped()).toBe(spare);
  expect(logger.lines.some((l) => /stopped:/.test(l))).toBe(false); // the search worker itself did not stop
});
