import { ToolSearchIndex } from '../src/search/ToolSearchIndex.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchEntry, BenchQuery } from './helpers/benchQueries.js';
// plain .mjs modules shared with `pnpm bench` (bench/search.bench.mjs)
import { loadCatalog } from '../bench/search/catalog.mjs';
import { loadQueries, measureRelevance } from '../bench/search/relevance.mjs';

type Query = BenchQuery;
type Entry = BenchEntry;

/**
 * Relevance is measured, not asserted (issue 27): the labelled queries of bench/search/fixtures/queries.json over the
 * bench catalog (bundled toolboxes from their built packages, recorded MCP servers, third-party-like toolboxes) stay
 * above the targets, recall@5 >= 0.9 and MRR >= 0.75. `pnpm bench` prints the same figures with the misses.
 */
describe('tool search relevance on the bench catalog', () => {
  let catalog: Entry[];
  let queries: Query[];
  beforeAll(async () => {
    catalog = (await loadCatalog()) as Entry[];
    queries = loadQueries() as Query[];
  });

  it('the fixture is what the issue asks: >= 150 tools from three sources, >= 60 queries in several languages, every label a real tool', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(150);
    const ids = new Set(catalog.map((e) => `${e.toolboxId}/${e.tool.name}`));
    expect(ids.has('ovos-math-tools/evaluate_expression')).toBe(true); // bundled, from the built package
    expect(ids.has('everything/echo') && ids.has('filesystem/read_text_file') && ids.has('memory/create_entities')).toBe(true); // MCP servers
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(queries.map((q) => q.lang))).toEqual(new Set(['en', 'pt', 'es', 'de', 'fr', 'it', 'nl']));
    const unknown = queries.flatMap((q) => q.expected.filter((id) => !ids.has(id)).map((id) => `${JSON.stringify(q.query)} → ${id}`));
    expect(unknown).toEqual([]);
  });

  it('recall@5 >= 0.9 and MRR >= 0.75 over all queries, and on the held-out set that was never tuned on', () => {
    const index = new ToolSearchIndex(catalog as never);
    const all = measureRelevance(index, queries);
    const heldOut = measureRelevance(index, queries.filter((q) => q.set === 'held-out'));
    expect(all.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(all.mrr).toBeGreaterThanOrEqual(0.75);
    expect(heldOut.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.mrr).toBeGreaterThanOrEqual(0.75);
  });

  it('every language other than English keeps recall@5 >= 0.9 (the multilingual lexicon), and turning the lexicon off shows what it adds', () => {
    const withLexicon = measureRelevance(new ToolSearchIndex(catalog as never), queries);
    for (const [lang, r] of Object.entries(withLexicon.byLanguage as Record<string, { recallAt5: number }>)) {
      if (lang !== 'en') expect(r.recallAt5, lang).toBeGreaterThanOrEqual(0.9);
    }
    const without = measureRelevance(new ToolSearchIndex(catalog as never, { lexicon: null }), queries);
    expect(without.recallAt5).toBeLessThan(withLexicon.recallAt5);
  });
});
