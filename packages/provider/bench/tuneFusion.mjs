// How the fusion weights of the search model (issue 42) were chosen: `node bench/tuneFusion.mjs` (build first; the
// model embeds the sets' tools and requests once, in this process, into a vector cache in the temp folder). It ranks
// the TUNING parts of the project's own sets (bench/search/fusionSets.mjs) with the product's `fuseRankings` over a
// grid of weights, and prints the best settings by the mean MRR of the English sets, each with every set's
// recall@1 / recall@5 / MRR, then the chosen weights (FUSION_WEIGHTS) beside the earlier reciprocal-rank fusion, the
// issue's reciprocal-rank fusion of the model with the textbook BM25, the lexical ranking and the model alone.
// `--held-out`: the same comparison on the held-out parts, which were never used to choose. MetaTool is never read
// here: it is the test set of semantic.bench.mjs.
import path from 'node:path';
import { tmpdir } from 'node:os';
import { FUSION_WEIGHTS, fuseRankings } from '../dist/search/semantic/fuseRankings.js';
import { requestForeignShare } from '../dist/search/semantic/requestLanguage.js';
import { foreignShare, toolText } from '../dist/search/semantic/toolText.js';
import { VOICE_LEXICON } from '../dist/search/voiceLexicon.js';
import { textbookBm25 } from './search/baselines.mjs';
import { loadFusionSets } from './search/fusionSets.mjs';
import { cachedEmbedder, dot, lexicalRuns, score } from './search/fusionLab.mjs';

const part = process.argv.includes('--held-out') ? 'held-out' : 'tuning';
// the mean the weights were chosen by; the plugin-store set, written after they were chosen, is printed beside it
// (docs/search-and-budgets.md gives both, and what adding it to the mean changes: nothing beyond ties)
const ENGLISH = ['assistant', 'relevance-en', 'verbose', 'spoken-en'];
const { utterances, sets } = await loadFusionSets(part);
const embedder = await cachedEmbedder(path.join(tmpdir(), 'ovos-tools-fusion-lab-vectors.json'));
for (const set of sets) {
  set.runs = lexicalRuns(set.catalog, utterances, set.queries);
  const tools = await embedder.embed(set.catalog.map((e) => toolText(e, utterances(e) ?? [], VOICE_LEXICON)));
  const requests = await embedder.embed(set.queries.map((q) => q.query));
  set.cosines = requests.map((q) => Float64Array.from(tools, (t) => dot(q, t)));
  process.stderr.write(`${set.name}: ${set.queries.length} requests over ${set.catalog.length} tools\n`);
}

/** The product's fusion with `weights` (the request's foreign share by `share`): every set's ranked ids. */
const fused = (weights, share = requestForeignShare) =>
  sets.map((set) =>
    set.runs.map((run, i) => {
      const foreign = share(run.query, VOICE_LEXICON);
      if (foreign >= weights.foreignLexicalOnly) return run.lexical.map((h) => h.id);
      return fuseRankings(run.lexical, set.cosines[i], 1 - foreign, false, weights).map((h) => h.id);
    }),
  );
/** The earlier rule: reciprocal-rank fusion, k 3, model-only hits as now, the lexicon-only foreign share cut at 0.25. */
const reciprocal = () =>
  sets.map((set) =>
    set.runs.map((run, i) => {
      const foreign = foreignShare(run.query, VOICE_LEXICON);
      if (foreign >= 0.25) return run.lexical.map((h) => h.id);
      const cos = set.cosines[i];
      const byModel = [...cos.keys()].sort((a, b) => cos[b] - cos[a] || a - b);
      const mr = new Map(byModel.map((id, r) => [id, r + 1]));
      const lr = new Map(run.lexical.map((h, r) => [h.id, r + 1]));
      const ids = new Set([...lr.keys(), ...byModel.slice(0, 5).filter((id) => cos[id] >= 0.2)]);
      const s = (id) => (lr.has(id) ? 1 / (3 + lr.get(id)) : 0) + (1 - foreign) / (3 + mr.get(id));
      return [...ids].sort((a, b) => s(b) - s(a) || (lr.get(a) ?? 1e9) - (lr.get(b) ?? 1e9));
    }),
  );
/** The issue's script: reciprocal-rank fusion (k 60, equal weights, every tool) of the model with the textbook BM25. */
const reciprocalBm25 = () =>
  sets.map((set) => {
    const bm25 = textbookBm25(set.catalog);
    const at = new Map(set.catalog.map((e, i) => [e, i]));
    return set.runs.map((run, i) => {
      const cos = set.cosines[i];
      const br = new Map(bm25.search(run.query, { limit: set.catalog.length }).results.map((r, k) => [at.get(r.entry), k + 1]));
      const mr = new Map([...cos.keys()].sort((a, b) => cos[b] - cos[a]).map((id, k) => [id, k + 1]));
      const s = (id) => (br.has(id) ? 1 / (60 + br.get(id)) : 0) + 1 / (60 + mr.get(id));
      return [...cos.keys()].sort((a, b) => s(b) - s(a) || a - b);
    });
  });
const lexicalOnly = () => sets.map((set) => set.runs.map((run) => run.lexical.map((h) => h.id)));
const modelOnly = () => sets.map((set) => set.cosines.map((cos) => [...cos.keys()].sort((a, b) => cos[b] - cos[a])));

const f3 = (n) => n.toFixed(3);
const measure = (ranked) => sets.map((set, i) => ({ name: set.name, ...score(set.runs, ranked[i]) }));
const englishMrr = (m) => m.filter((s) => ENGLISH.includes(s.name)).reduce((sum, s) => sum + s.mrr, 0) / ENGLISH.length;
const show = (label, m) => console.log(`${label.padEnd(34)} ${f3(englishMrr(m))}  ${m.map((s) => `${s.name} ${s.r1.toFixed(2)}/${s.r5.toFixed(2)}/${f3(s.mrr)}`).join('  ')}`);

console.log(`fusion on the ${part} parts: mean MRR of the English sets, then per set recall@1/recall@5/MRR (${sets.map((s) => `${s.name} ${s.queries.length}`).join(', ')})`);
if (part === 'tuning') {
  const grid = [];
  for (const model of [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3]) for (const foreignLexicalOnly of [0.1, 0.25, 0.4, 0.5, 0.75, 1.01]) for (const minCosine of [0.1, 0.2, 0.3]) for (const fullCoverage of [0, 0.25, 0.34, 0.5, 0.67, 1]) {
    const weights = { ...FUSION_WEIGHTS, model, foreignLexicalOnly, minCosine, fullCoverage };
    grid.push({ weights, m: measure(fused(weights)) });
  }
  grid.sort((a, b) => englishMrr(b.m) - englishMrr(a.m));
  for (const { weights, m } of grid.slice(0, 16)) show(`model ${weights.model} cover ${weights.fullCoverage} foreign ${weights.foreignLexicalOnly} minCos ${weights.minCosine}`, m);
}
show('chosen (FUSION_WEIGHTS)', measure(fused(FUSION_WEIGHTS)));
show('earlier reciprocal-rank fusion', measure(reciprocal()));
show('model + textbook BM25, reciprocal k 60', measure(reciprocalBm25()));
show('lexical only (without the package)', measure(lexicalOnly()));
show('model alone', measure(modelOnly()));
