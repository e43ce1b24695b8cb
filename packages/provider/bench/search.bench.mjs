// Tool search benchmark: `pnpm bench`. Relevance of ToolSearchIndex over a labelled query set (bench/search/fixtures/
// queries.json: natural requests in English, Portuguese, Spanish, German, French, Italian and Dutch, each labelled
// with the tool that serves it) on a catalog of the bundled toolboxes (from their built packages), real MCP servers'
// tools (recorded fixture) and third-party-like toolboxes: recall@1, recall@5 and MRR, overall, per query set
// (tuning / held-out) and per language, and with the multilingual lexicon off for comparison. Then search latency
// p50/p99 over 1,000 tools and the time to rebuild the index for 1,000 tools (all new, and again on a reload where
// the texts did not change). Wall times on a loaded machine grow; the CPU figures show the work itself.
// Targets (issue 27): recall@5 >= 0.9, MRR >= 0.75, search p50 <= 2 ms, rebuild <= 50 ms.
// OVOS_TOOLS_BENCH_QUICK=1 runs a shorter version.
import { createAccessControl } from '../dist/access/AccessControl.js';
import { parseAgentsConfig } from '../dist/access/AgentDefinition.js';
import { ToolSearchIndex } from '../dist/search/ToolSearchIndex.js';
import { resolveClaims } from '../dist/search/utteranceClaims.js';
import { bundledEntries, loadCatalog, mcpEntries, scaledCatalog, thirdPartyEntries } from './search/catalog.mjs';
import { loadQueries, measureRelevance } from './search/relevance.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const SEARCH_ROUNDS = quick ? 3 : 20;
const REBUILDS = quick ? 10 : 50;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const f3 = (n) => n.toFixed(3);

const catalog = await loadCatalog();
const parts = { bundled: (await bundledEntries()).length, mcp: (await mcpEntries()).length, thirdParty: thirdPartyEntries().length };
const queries = loadQueries();
const index = new ToolSearchIndex(catalog);
const all = measureRelevance(index, queries);
const tuning = measureRelevance(index, queries.filter((q) => q.set === 'tuning'));
const heldOut = measureRelevance(index, queries.filter((q) => q.set === 'held-out'));
const noLexicon = measureRelevance(new ToolSearchIndex(catalog, { lexicon: null }), queries);

// latency over 1,000 tools
const big = scaledCatalog(catalog, 1000);
const bigIndex = new ToolSearchIndex(big);
for (const q of queries) bigIndex.search(q.query); // warm up
const searchTimes = [];
for (let round = 0; round < SEARCH_ROUNDS; round++) {
  for (const q of queries) {
    const t0 = performance.now();
    bigIndex.search(q.query, { limit: 5 });
    searchTimes.push(performance.now() - t0);
  }
}
searchTimes.sort((a, b) => a - b);
// as the tool service searches for an agent: the same index, filtered by access control (an allowlist of globs and tags)
const access = createAccessControl({ agents: parseAgentsConfig({ 'agent:bench': { credential: { sha256: 'a'.repeat(64) }, tools: ['get_*', 'tag:weather', 'toolbox:ovos-*', '*_timer'] } }, []) });
const agent = { transport: 'ovos-bus', agentId: 'agent:bench' };
const agentTimes = [];
for (let round = 0; round < SEARCH_ROUNDS; round++) {
  for (const q of queries) {
    const t0 = performance.now();
    bigIndex.search(q.query, { limit: 5, filter: (e) => access.canUse(agent, e).allowed });
    agentTimes.push(performance.now() - t0);
  }
}
agentTimes.sort((a, b) => a - b);
/** Wall and CPU time of `REBUILDS` runs of `once` (after 3 to warm up): p50 and max wall ms, mean CPU ms. */
function timeRebuilds(once) {
  for (let i = 0; i < 3; i++) once();
  const wall = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < REBUILDS; i++) {
    const t0 = performance.now();
    const report = once();
    wall.push(performance.now() - t0);
    if (!report.ok) throw new Error(report.error.error);
  }
  const cpu = process.cpuUsage(cpu0);
  wall.sort((a, b) => a - b);
  return { p50: pct(wall, 50), max: wall.at(-1), cpu: (cpu.user + cpu.system) / 1000 / REBUILDS };
}
// cold: new descriptors (as after installing 1,000 tools), every text split and folded; reload: the same descriptors
// again, as hosts of unchanged toolboxes describe them on every reload
const fresh = Array.from({ length: REBUILDS + 3 }, () => big.map((e) => ({ ...e, tool: { ...e.tool } })));
const cold = timeRebuilds(() => new ToolSearchIndex().rebuild(fresh.pop()));
const reload = timeRebuilds(() => bigIndex.rebuild(big));
// who keeps an example request (at load, off a search's path): an untrusted package of 5,000 requests, 3,000 of them
// copies of a trusted package's 3,000
const manyRequests = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix} word${i} other${i % 50} thing${i % 7} more${i % 3}`);
const claimants = [
  { id: 't', label: 't', trusted: true, tools: new Map([['t', manyRequests('turn', 3000)]]) },
  { id: 'u', label: 'u', trusted: false, tools: new Map([['u', [...manyRequests('turn', 3000), ...manyRequests('spin', 2000)]]]) },
];
const claims = timeRebuilds(() => (resolveClaims(claimants).dropped.length === 3000 ? { ok: true } : { ok: false, error: { error: 'resolveClaims dropped the wrong requests' } }));
const cpuSearch0 = process.cpuUsage();
for (const q of queries) bigIndex.search(q.query, { limit: 5 });
const cpuSearch = process.cpuUsage(cpuSearch0);

const line = (r) => `recall@1 ${f3(r.recallAt1)}  recall@5 ${f3(r.recallAt5)}  MRR ${f3(r.mrr)}  (${r.queries} queries)`;
const rows = [
  ['catalog', `${catalog.length} tools: ${parts.bundled} bundled, ${parts.mcp} from 8 MCP servers, ${parts.thirdParty} third-party-like`],
  ['relevance, all queries', line(all)],
  ['  tuning set', line(tuning)],
  ['  held-out set', line(heldOut)],
  ...Object.entries(all.byLanguage).map(([lang, r]) => [`  ${lang}`, line(r)]),
  ['relevance without the lexicon', line(noLexicon)],
  ['search over 1,000 tools (ms)', `p50 ${f3(pct(searchTimes, 50))}  p99 ${f3(pct(searchTimes, 99))}  (${searchTimes.length} searches; mean CPU ${f3((cpuSearch.user + cpuSearch.system) / 1000 / queries.length)})`],
  ['  for an agent (access filter) (ms)', `p50 ${f3(pct(agentTimes, 50))}  p99 ${f3(pct(agentTimes, 99))}`],
  ['rebuild, 1,000 new tools (ms)', `p50 ${cold.p50.toFixed(1)}  max ${cold.max.toFixed(1)}  (mean CPU ${cold.cpu.toFixed(1)})`],
  ['resolving example-request claims, 5,000 against 3,000 (ms)', `p50 ${claims.p50.toFixed(1)}  max ${claims.max.toFixed(1)}  (mean CPU ${claims.cpu.toFixed(1)})`],
  ['rebuild on reload, 1,000 tools (ms)', `p50 ${reload.p50.toFixed(1)}  max ${reload.max.toFixed(1)}  (mean CPU ${reload.cpu.toFixed(1)}; unchanged descriptors are not tokenised again)`],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n@ovos-tools/provider search benchmark' + (quick ? ' (quick)' : ''));
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
const misses = all.misses.filter((m) => m.rank === null || m.rank > 5);
if (misses.length) {
  console.log(`  not in the top 5 (${misses.length}):`);
  for (const m of misses) console.log(`    [${m.lang}] ${JSON.stringify(m.query)} → ${m.top.join(', ') || 'nothing'}`);
}
const met = (ok) => (ok ? 'met' : 'MISSED');
console.log(
  `  targets: recall@5 >= 0.9: ${met(all.recallAt5 >= 0.9)}; MRR >= 0.75: ${met(all.mrr >= 0.75)}; search p50 <= 2 ms: ${met(pct(searchTimes, 50) <= 2)}; rebuild on reload of 1,000 tools <= 50 ms: ${met(reload.p50 <= 50)}`,
);
