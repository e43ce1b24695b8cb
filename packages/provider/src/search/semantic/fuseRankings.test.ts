import { expect, test } from 'vitest';
import { FUSION_WEIGHTS, fuseRankings } from './fuseRankings.js';

const lexical = [
  { id: 0, score: 1 },
  { id: 1, score: 0.5 },
];

test('a tool both rankers put first scores 1; the ranks of both are fused (reciprocal rank)', () => {
  expect(FUSION_WEIGHTS.k).toBe(3);
  const fused = fuseRankings(lexical, Float64Array.of(0.9, 0.1, 0.05), 1, false);
  expect(fused.map((h) => h.id)).toEqual([0, 1]);
  expect(fused[0]!.score).toBe(1);
  const k = FUSION_WEIGHTS.k;
  expect(fused[1]!.score).toBeCloseTo((1 / (k + 2) + 1 / (k + 2)) / (2 / (k + 1)), 6);
});

test("the model's best hits join when no word matched them (cosine at least minCosine); entries the search does not keep (NaN) never do", () => {
  const fused = fuseRankings(lexical, Float64Array.of(0.1, 0.2, 0.8, Number.NaN, 0.15), 1, true);
  // k = 3: tool 1 (lexical 2nd, model 2nd) 1/5 + 1/5 > tool 0 (1st, 4th) 1/4 + 1/7 > tool 2 (model 1st only) 1/4
  expect(fused.map((h) => h.id)).toEqual([1, 0, 2]);
  expect(fused.find((h) => h.id === 2)!.explain!.rankers).toEqual([
    { ranker: 'lexical', rank: null, score: null },
    { ranker: 'model', rank: 1, score: 0.8 },
  ]);
  expect(fused.find((h) => h.id === 0)!.explain!.rankers![0]).toEqual({ ranker: 'lexical', rank: 1, score: 1 });
});

test('with the model weighed 0 (a request in another language) the lexical order stands', () => {
  const fused = fuseRankings(lexical, Float64Array.of(0.1, 0.9, 0.1), 0, false);
  expect(fused.map((h) => h.id)).toEqual([0, 1]); // tool 2: cosine 0.1, below minCosine
  expect(fused[0]!.score).toBe(1);
});
