import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RankerDeclaration } from '../src/search/semantic/SemanticRanker.js';
import { providerDir } from './helpers/pluginRoot.js';
import { until } from './helpers/processes.js';
import type { Logger } from '@ovos-tools/core';

/**
 * When the search worker's thread is created (issue 42): not inside the search that needs it (creating a thread costs
 * that search tens of ms, hundreds on a loaded machine) but on the next turn of the event loop, with what was asked
 * meanwhile. The built SemanticRanker (its worker is the built `semanticWorker.js` beside it) and a tiny ranker
 * module of letter counts, no model (a request starting with "slow" takes it 2.5 s). And when a search stops waiting
 * for a model that keeps missing the wait.
 */
const { SemanticRanker } = (await import(pathToFileURL(path.join(providerDir, 'dist', 'search', 'semantic', 'SemanticRanker.js')).href)) as typeof import('../src/search/semantic/SemanticRanker.js');
const LETTERS = `export const ranker = {
  [Symbol.for('ovos-tools.search-ranker')]: 1,
  modelId: 'letters-test', dimensions: 4, languages: ['en'],
  async load() {
    return { async embed(texts) {
      if (texts.some((t) => t.startsWith('slow'))) await new Promise((r) => setTimeout(r, 2500));
      return texts.map((t) => { const v = new Float32Array(4); for (const c of t) v[c.charCodeAt(0) % 4] += 1; const n = Math.hypot(...v); return v.map((x) => x / n); });
    } };
  },
};
`;

let dir: string;
let declaration: RankerDeclaration;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ovos-ranker-start-'));
  writeFileSync(path.join(dir, 'letters.mjs'), LETTERS);
  declaration = { packageName: 'letters', entryPointName: 'letters', modulePath: path.join(dir, 'letters.mjs'), exportName: 'ranker', fingerprint: '1' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const threadOf = (r: object) => (r as { worker?: unknown }).worker;

test('the thread starts on the next turn, after the search that asked answered; the texts asked meanwhile reach it', async () => {
  const r = new SemanticRanker(declaration, { cacheDir: path.join(dir, 'cache') });
  const texts = ['set a timer', 'what is the weather'];
  expect(r.vectorsFor(texts)).toBeUndefined();
  expect(r.status).toBe('loading');
  expect(threadOf(r)).toBeUndefined();
  await nextTurn();
  expect(threadOf(r)).toBeDefined();
  await until(() => r.vectorsFor(texts) !== undefined, 'the tool vectors', 30_000);
  expect(r.vectorsFor(texts)!.map((v) => v.length)).toEqual([4, 4]);
  await r.close();
});

test('closed before its thread was created: none is', async () => {
  const r = new SemanticRanker(declaration, { cacheDir: path.join(dir, 'cache') });
  expect(r.vectorsFor(['set a timer'])).toBeUndefined();
  await r.close();
  await nextTurn();
  expect(threadOf(r)).toBeUndefined();
  expect(r.status).toBe('closed');
});

test('a model that missed three requests in a row and is still busy is not waited for (one search in eight is), until one is embedded in time', async () => {
  const lines: string[] = [];
  const logger = { debug() {}, info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m), error() {} } as Logger;
  const r = new SemanticRanker(declaration, { cacheDir: path.join(dir, 'cache'), queryWaitMs: 1000, logger });
  const texts = ['set a timer'];
  r.vectorsFor(texts);
  await until(() => r.vectorsFor(texts) !== undefined, 'the tool vectors', 30_000);
  for (const q of ['slow one', 'slow two', 'slow three']) expect(await r.prepareQuery(q)).toBe(false);
  expect(r.skippedWaits).toBe(0);
  const started = performance.now();
  expect(await r.prepareQuery('fast one')).toBe(false);
  expect(performance.now() - started).toBeLessThan(1000); // waiting would have taken the whole 1000 ms: the worker is on a 2.5 s request
  expect(r.skippedWaits).toBe(1);
  expect(lines.filter((l) => l.includes('searches stop waiting for it'))).toHaveLength(1);
  let embedded = false;
  for (let i = 0; i < 60 && !embedded; i++) {
    embedded = await r.prepareQuery(`fast ${i}`);
    if (!embedded) await new Promise((res) => setTimeout(res, 200));
  }
  expect(embedded).toBe(true);
  const skipped = r.skippedWaits;
  expect(await r.prepareQuery('fast again')).toBe(true);
  expect(r.skippedWaits).toBe(skipped);
  await r.close();
}, 60_000);

test('a request the model was too slow for is still kept when its answer comes: the same words asked again are ranked by the model', async () => {
  const r = new SemanticRanker(declaration, { cacheDir: path.join(dir, 'cache'), queryWaitMs: 1000 });
  const texts = ['set a timer'];
  r.vectorsFor(texts);
  await until(() => r.vectorsFor(texts) !== undefined, 'the tool vectors', 30_000);
  for (const q of ['slow one', 'slow two', 'slow three']) expect(await r.prepareQuery(q)).toBe(false);
  // the worker needs 2.5 s for each: asked again meanwhile, the same words are not embedded again but waited for
  let embedded = false;
  for (let i = 0; i < 60 && !embedded; i++) {
    embedded = await r.prepareQuery('slow four');
    if (!embedded) await new Promise((res) => setTimeout(res, 200));
  }
  expect(embedded).toBe(true);
  expect(r.queryVector('slow four', false)).toHaveLength(4);
  await r.close();
}, 60_000);
