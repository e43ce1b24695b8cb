// Relevance of tool search over a labelled query set: recall@1, recall@5 and MRR (mean reciprocal rank of the first
// expected tool, 0 when it is not in the top `depth`), overall and per language. Shared by `pnpm bench` and the
// relevance test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The labelled queries: `{lang, query, expected: ["toolbox_id/name", …]}`. */
export function loadQueries() {
  return JSON.parse(readFileSync(path.join(here, 'fixtures', 'queries.json'), 'utf8')).queries;
}

/**
 * Runs every query through `index.search` (limit `depth`) and scores the ranks. A refused query throws, unless
 * `countRefusals` (a test set written for other systems, e.g. MetaTool's long queries): then it counts as a miss and
 * `refused` says how many.
 * @returns `{queries, recallAt1, recallAt5, mrr, byLanguage: {lang: {queries, recallAt1, recallAt5, mrr}}, misses}`
 *   where `misses` lists the queries whose expected tool was not first (with the rank found and the top 3).
 */
export function measureRelevance(index, queries, depth = 10, { countRefusals = false } = {}) {
  const rows = queries.map((q) => {
    const outcome = index.search(q.query, { limit: depth });
    if (!outcome.ok && !countRefusals) throw new Error(`query ${JSON.stringify(q.query)} was refused: ${outcome.error.error}`);
    const ids = outcome.ok ? outcome.results.map((r) => `${r.entry.toolboxId}/${r.entry.tool.name}`) : [];
    const at = ids.findIndex((id) => q.expected.includes(id));
    return { ...q, rank: at < 0 ? null : at + 1, top: ids.slice(0, 3), refused: !outcome.ok };
  });
  const score = (list) => ({
    queries: list.length,
    recallAt1: list.filter((r) => r.rank === 1).length / list.length,
    recallAt5: list.filter((r) => r.rank !== null && r.rank <= 5).length / list.length,
    mrr: list.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / list.length,
  });
  const byLanguage = {};
  for (const lang of [...new Set(rows.map((r) => r.lang))]) byLanguage[lang] = score(rows.filter((r) => r.lang === lang));
  return { ...score(rows), refused: rows.filter((r) => r.refused).length, byLanguage, misses: rows.filter((r) => r.rank !== 1).map(({ lang, query, rank, top }) => ({ lang, query, rank, top })) };
}
