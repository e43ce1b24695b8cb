import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RankerDeclaration } from '../src/search/semantic/SemanticRanker.js';
import { providerDir } from './helpers/pluginRoot.js';
import { until } from './helpers/processes.js';

/**
 * When the search worker's thread is created (issue 42): not inside the search that needs it (creating a thread costs
 * that search tens of ms, hundreds on a loaded machine) but on the next turn of the event loop, with what was asked
 * meanwhile. The built SemanticRanker (its worker is the built `semanticWorker.js` beside it) and a tiny ranker
 * module of letter counts, no model.
 */
const { SemanticRanker } = (await import(pathToFileURL(path.join(providerDir, 'dist', 'search', 'semantic', 'SemanticRanker.js')).href)) as typeof import('../src/search/semantic/SemanticRanker.js');
const LETTERS = `export const ranker = {
  [Symbol.for('ovos-tools.search-ranker')]: 1,
  modelId: 'letters-test', dimensions: 4, languages: ['en'],
  async load() {
    return { async embed(texts) { return texts.map((t) => { const v = new Float32Array(4); for (const c of t) v[c.charCodeAt(0) % 4] += 1; const n = Math.hypot(...v); return v.map((x) => x / n); }); } };
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
