import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * The fusion rules of issue 42 through the real index, the real model worker and its protocol, with a small
 * deterministic ranker package of our own instead of the sentence model (a bag of hashed words: no weights to load,
 * same vectors on every machine). ModelRanking is internal, so its built module is imported from dist.
 */
const RANKER = `
const dims = 64;
function vec(text) {
  const v = new Float32Array(dims);
  for (const w of text.toLowerCase().split(/[^a-z]+/).filter(Boolean)) {
    let h = 7;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % dims] += 1;
  }
  let n = Math.hypot(...v);
  if (n === 0) { v[0] = 1; n = 1; }
  return v.map((x) => x / n);
}
export const ranker = {
  [Symbol.for('ovos-tools.search-ranker')]: 1,
  modelId: 'hashed-words@1',
  dimensions: dims,
  languages: ['en'],
  async load() { return { async embed(texts) { return texts.map(vec); } }; },
};
`;

const tool = (name: string, description: string) => ({ toolboxId: 'tb', source: 'tb', kind: 'inline', tool: { name, description, argumentSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object' } } });
const entries = [
  tool('convert_currency', 'Convert an amount of money between currencies at the exchange rate of today.'),
  tool('play_song', 'Play a song or an album by an artist.'),
  tool('take_note', 'Write down a short note to read later.'),
  tool('wallet_balance', 'How much money is left in the wallet: dollars and euros.'),
];

let dir: string;
let model: { ready(): boolean; close(): Promise<void> };
let index: { search(q: string, o: object): { ok: boolean; results: Array<{ entry: { tool: { name: string } }; score: number; explain?: { rankers?: unknown[] } }> } };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ovos-fusion-'));
  writeFileSync(path.join(dir, 'ranker.mjs'), RANKER);
  const dist = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, '..', 'dist', file)).href;
  const { ModelRanking } = await import(dist('search/semantic/ModelRanking.js'));
  const { ToolSearchIndex } = await import(dist('search/ToolSearchIndex.js'));
  const { VOICE_LEXICON } = await import(dist('search/voiceLexicon.js'));
  const declaration = { packageName: 'fake-ranker', entryPointName: 'fake', modulePath: path.join(dir, 'ranker.mjs'), exportName: 'ranker', fingerprint: '1' };
  model = new ModelRanking({ source: () => declaration, cacheDir: path.join(dir, 'cache'), queryWaitMs: 30_000 }, VOICE_LEXICON);
  index = new ToolSearchIndex(entries, { ranker: model });
  const deadline = Date.now() + 60_000;
  while (!model.ready()) {
    if (Date.now() > deadline) throw new Error('the fake ranker never became ready');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  await model?.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (q: string) => {
  const out = index.search(q, { explain: true, limit: 5 });
  if (!out.ok) throw new Error(`refused: ${q}`);
  return out.results;
};

test('an English request with words other languages share (euros, dollars, song) is ranked with the model, fused scores at most 1', () => {
  for (const q of ['convert 50 euros to dollars', 'play the song yesterday']) {
    const hits = search(q);
    const rankers = hits[0]!.explain!.rankers as Array<{ ranker: string; rank: number | null }>;
    expect(rankers.map((r) => r.ranker), q).toEqual(['lexical', 'model']);
    expect(rankers[1]!.rank, q).toBeTypeOf('number');
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
  }
});

test('a request mostly in another language is ranked lexically only (no model ranks in explain)', () => {
  const hits = search('quanto são vinte euros em reais');
  expect(hits.length).toBeGreaterThan(0);
  for (const h of hits) expect(h.explain!.rankers).toBeUndefined();
});
