// Tool search relevance benchmark (issue 39): `pnpm bench`.
// 1. MetaTool (Huang et al., ICLR 2024; MIT): its 199 tools served as one third-party toolbox beside the bundled
//    ones, 995 of its queries (5 per tool; bench/data/metatool/README.md). recall@1, recall@5 and MRR of
//    ToolSearchIndex, next to plain MiniSearch (defaults, name + description) and a textbook BM25 (English stop words,
//    Snowball stemming, name 2x), all on the same catalog in this run. MetaTool is a test set: only its totals are
//    printed, never its queries, and nothing in the product is tuned on it.
// 2. The spoken-style query sets (bench/search/fixtures/spokenQueries.json: lower case, numbers as words, no
//    punctuation, in en pt es de fr it nl ca) over the bundled toolboxes and the recorded MCP servers' tools, per
//    language, tuning and held-out apart (the held-out part is never tuned on); and verbose, assistant-style English
//    requests (fixtures/verboseQueries.json) over the whole bench catalog, beside the textbook BM25.
// 3. The provider's idle RSS before and after the ranker is loaded (a child process: import, index the bundled
//    catalog, first search), and what the first search costs.
// Targets: MetaTool recall@5 >= 0.80 and >= 0.10 above the textbook BM25; held-out recall@5 >= 0.9 per language;
// RSS growth <= 30 MB.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolSearchIndex } from '../dist/search/ToolSearchIndex.js';
import { plainMiniSearch, textbookBm25 } from './search/baselines.mjs';
import { bundledEntries, bundledUtterances, loadCatalog, mcpEntries } from './search/catalog.mjs';
import { metatoolEntries, metatoolQueries } from './search/metatool.mjs';
import { measureRelevance } from './search/relevance.mjs';
import { loadSpokenQueries, loadVerboseQueries } from './search/spoken.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const f3 = (n) => n.toFixed(3);
const line = (r) => `recall@1 ${f3(r.recallAt1)}  recall@5 ${f3(r.recallAt5)}  MRR ${f3(r.mrr)}  (${r.queries} queries${r.refused ? `, ${r.refused} refused as too long, counted as misses` : ""})`;
const rows = [];

// 1. MetaTool
const bundled = await bundledEntries();
const utterances = await bundledUtterances();
const metaCatalog = [...bundled, ...metatoolEntries()];
const metaQueries = metatoolQueries();
const ours = measureRelevance(new ToolSearchIndex(metaCatalog, { utterances }), metaQueries, 10, { countRefusals: true });
const plain = measureRelevance(plainMiniSearch(metaCatalog), metaQueries);
const textbook = measureRelevance(textbookBm25(metaCatalog), metaQueries);
rows.push(['MetaTool catalog', `${metaCatalog.length} tools: ${bundled.length} bundled + 199 MetaTool (one toolbox)`]);
rows.push(['  ovos-tools search', line(ours)], ['  plain MiniSearch', line(plain)], ['  textbook BM25', line(textbook)]);

// 2. spoken-style sets
const spokenCatalog = [...bundled, ...(await mcpEntries())];
const spoken = loadSpokenQueries();
const index = new ToolSearchIndex(spokenCatalog, { utterances });
rows.push(['spoken-style catalog', `${spokenCatalog.length} tools: ${bundled.length} bundled + ${spokenCatalog.length - bundled.length} from 8 recorded MCP servers`]);
const heldOutByLang = {};
for (const set of ['tuning', 'held-out']) {
  const r = measureRelevance(index, spoken.filter((q) => q.set === set));
  rows.push([`  ${set}`, line(r)]);
  for (const [lang, byLang] of Object.entries(r.byLanguage)) {
    rows.push([`    ${lang}`, line(byLang)]);
    if (set === 'held-out') heldOutByLang[lang] = byLang.recallAt5;
  }
  if (set === 'tuning') {
    const misses = r.misses.filter((m) => m.rank === null || m.rank > 5);
    if (misses.length) rows.push(['  tuning misses', misses.map((m) => `[${m.lang}] ${m.query} → ${m.top.join(', ') || 'nothing'}`).join('\n' + ' '.repeat(34))]);
  }
}

// 2b. verbose, assistant-style English requests over the whole bench catalog (bundled, MCP, third-party-like)
const fullCatalog = await loadCatalog();
const verbose = loadVerboseQueries();
rows.push(['verbose-style catalog', `${fullCatalog.length} tools: bundled, 8 recorded MCP servers, third-party-like toolboxes`]);
for (const set of ['tuning', 'held-out']) {
  const part = verbose.filter((q) => q.set === set);
  rows.push([`  ${set}: ovos-tools search`, line(measureRelevance(new ToolSearchIndex(fullCatalog, { utterances }), part))]);
  rows.push([`  ${set}: textbook BM25`, line(measureRelevance(textbookBm25(fullCatalog), part))]);
}

// 3. memory: a fresh process, the provider imported, then the ranker loaded and used
const probe = `
const gc = () => { for (let i = 0; i < 4; i++) globalThis.gc(); };
await import(${JSON.stringify(path.join(here, '..', 'dist', 'index.js'))});
const { bundledEntries, bundledUtterances, mcpEntries } = await import(${JSON.stringify(path.join(here, 'search', 'catalog.mjs'))});
const catalog = [...(await bundledEntries()), ...(await mcpEntries())];
const utterances = await bundledUtterances();
gc(); const before = process.memoryUsage().rss;
const { ToolSearchIndex } = await import(${JSON.stringify(path.join(here, '..', 'dist', 'search', 'ToolSearchIndex.js'))});
const t0 = performance.now();
const index = new ToolSearchIndex(catalog, { utterances });
const buildMs = performance.now() - t0;
gc(); const built = process.memoryUsage().rss;
const t2 = performance.now();
const first = index.search('how many miles is forty two kilometers');
const firstMs = performance.now() - t2;
const t1 = performance.now(); index.search('what time is it in tokyo'); const secondMs = performance.now() - t1;
gc(); const after = process.memoryUsage().rss;
console.log(JSON.stringify({ before, built, after, buildMs, firstMs, secondMs, ok: first.ok }));`;
const mem = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', probe], { encoding: 'utf8' }).trim().split('\n').at(-1));
const grow = (mem.after - mem.before) / 2 ** 20;
const mb = (n) => (n / 2 ** 20).toFixed(1);
rows.push(['provider RSS with the ranker', `+${grow.toFixed(1)} MB (${mb(mem.before)} → ${mb(mem.after)} MB): +${mb(mem.built - mem.before)} MB once the index is built (index, stemmer), the rest at the first search (word-vector table)`]);
rows.push(['  first search', `index build ${mem.buildMs.toFixed(1)} ms (${spokenCatalog.length} tools), first search ${mem.firstMs.toFixed(1)} ms (reads the table), next search ${mem.secondMs.toFixed(2)} ms`]);

const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n@ovos-tools/provider search relevance benchmark');
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
const met = (ok) => (ok ? 'met' : 'MISSED');
const heldOk = Object.values(heldOutByLang).every((v) => v >= 0.9);
console.log(
  `  targets: MetaTool recall@5 >= 0.80: ${met(ours.recallAt5 >= 0.8)}; >= textbook BM25 + 0.10: ${met(ours.recallAt5 >= textbook.recallAt5 + 0.1)}; held-out recall@5 >= 0.9 in every language: ${met(heldOk)}; RSS growth <= 30 MB: ${met(grow <= 30)}`,
);
