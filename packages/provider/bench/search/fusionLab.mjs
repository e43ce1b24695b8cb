// The fusion lab (issue 42): everything a fusion rule needs, computed once per query set — each query's lexical
// ranking (ToolSearchIndex without a model) and the model's cosines to every tool under one or more tool-text
// variants — so that fusion rules and weights can be compared offline in milliseconds. The model runs in this process
// (the ranker package's embedder, no worker); its vectors are kept in a cache file between runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SEARCH_FIELD_BOOSTS } from '../../dist/search/ToolSearchIndex.js';
import { analyseQuery } from '../../dist/search/analyseQuery.js';
import { rankSnapshot } from '../../dist/search/rankSnapshot.js';
import { buildSnapshot } from '../../dist/search/SearchSnapshot.js';
import { VOICE_LEXICON } from '../../dist/search/voiceLexicon.js';
import { RANKER_PACKAGE_DIR, rankerDeclaration } from './withModel.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** An embedder with a vector cache file (`cacheFile`: JSON of text-hash → base64 float32). */
export async function cachedEmbedder(cacheFile) {
  const d = rankerDeclaration(RANKER_PACKAGE_DIR);
  const mod = await import(pathToFileURL(d.modulePath).href);
  let model;
  const cache = new Map(existsSync(cacheFile) ? Object.entries(JSON.parse(readFileSync(cacheFile, 'utf8'))) : []);
  const key = (t) => createHash('sha256').update(t).digest('base64url').slice(0, 24);
  const decode = (b64) => new Float32Array(new Uint8Array(Buffer.from(b64, 'base64')).buffer);
  return {
    async embed(texts) {
      const missing = [...new Set(texts.filter((t) => !cache.has(key(t))))];
      if (missing.length) {
        model ??= await mod[d.exportName].load({ backend: 'wasm' });
        for (let i = 0; i < missing.length; i += 32) {
          const batch = missing.slice(i, i + 32);
          const vs = await model.embed(batch);
          batch.forEach((t, j) => cache.set(key(t), Buffer.from(vs[j].buffer, vs[j].byteOffset, vs[j].byteLength).toString('base64')));
          process.stderr.write(`embedded ${Math.min(i + 32, missing.length)}/${missing.length}\r`);
        }
        writeFileSync(cacheFile, JSON.stringify(Object.fromEntries(cache)));
      }
      return texts.map((t) => decode(cache.get(key(t))));
    },
  };
}

/**
 * One query set made ready for fusion: per query, `lexical` (the lexical ranker's hits as fusion gets them — `{id,
 * score, coverage}`, best first, ids = catalog positions), `expectedIds` (catalog positions), `query`, `lang`.
 */
export function lexicalRuns(catalog, utterances, queries) {
  const snap = buildSnapshot(catalog, { ...SEARCH_FIELD_BOOSTS }, new Map(), utterances, true);
  const pos = new Map(catalog.map((e, i) => [`${e.toolboxId}/${e.tool.name}`, i]));
  return queries.map((q) => {
    const analysed = analyseQuery(q.query, VOICE_LEXICON);
    const lexical = 'error' in analysed ? [] : rankSnapshot(snap, analysed, () => true, false);
    return { ...q, lexical, expectedIds: q.expected.map((e) => pos.get(e)).filter((x) => x !== undefined) };
  });
}

/** Unit-vector dot product. */
export const dot = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** recall@1, recall@5 and MRR (depth 10) of rankings (`ranked[i]`: ids best first) against the runs' expected ids. */
export function score(runs, ranked) {
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  runs.forEach((run, i) => {
    const at = ranked[i].slice(0, 10).findIndex((id) => run.expectedIds.includes(id));
    if (at === 0) r1++;
    if (at >= 0 && at < 5) r5++;
    if (at >= 0) mrr += 1 / (at + 1);
  });
  const n = runs.length;
  return { n, r1: r1 / n, r5: r5 / n, mrr: mrr / n };
}

export { here };
