import { expect, test } from 'vitest';
import { explainJson } from './searchJson.js';

test('explain JSON (every door): rankers appear only when a search-ranker package ranked the search, each with its rank and score', () => {
  const base = { terms: [{ term: 'timer', word: 'timer', origin: 'query' as const, fields: ['name'] }], lexical: 1, semantic: 0.4 };
  expect(explainJson(base)).toEqual({ lexical: 1, semantic: 0.4, terms: [{ term: 'timer', word: 'timer', origin: 'query', fields: ['name'] }] });
  const fused = explainJson({ ...base, rankers: [{ ranker: 'lexical', rank: 2, score: 0.84 }, { ranker: 'model', rank: null, score: null }] });
  expect(fused.rankers).toEqual([
    { ranker: 'lexical', rank: 2, score: 0.84 },
    { ranker: 'model', rank: null, score: null },
  ]);
});
