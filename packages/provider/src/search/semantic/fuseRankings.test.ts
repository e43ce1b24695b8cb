import { expect, test } from 'vitest';
import { FUSION_WEIGHTS, fuseRankings } from './fuseRankings.js';

const lexical = [
  { id: 0, score: 1.5 },
  { id: 1, score: 0.75 },
];
// The rule's mechanics, with weights of the tests' own (the product's are chosen on the tuning sets and change with the model)
const W = { lexical: 1, model: 1.25, fullCoverage: 0.5, modelOnly: 5, minCosine: 0.2, foreignLexicalOnly: 0.4 };
const top = W.lexical + W.model;

test("the product's weights: those bench/tuneFusion.mjs chose for all-MiniLM-L6-v2 on the tuning sets", () => {
  expect(FUSION_WEIGHTS).toEqual({ lexical: 1, fullCoverage: 0.34, model: 2, modelOnly: 5, minCosine: 0.1, foreignLexicalOnly: 0.4 });
  // and the default of fuseRankings
  const cos = Float64Array.of(0.9, 0.5, 0.1, 0.3);
  expect(fuseRankings(lexical, cos, 1, false)).toEqual(fuseRankings(lexical, cos, 1, false, FUSION_WEIGHTS));
  expect(fuseRankings(lexical, cos, 1, false)).not.toEqual(fuseRankings(lexical, cos, 1, false, W));
});

test('a tool best in both rankings scores 1; the others their share of the best lexical score and of the cosine above the median', () => {
  // cosines 0.9, 0.5, 0.1, 0.3 (sorted 0.9 0.5 0.3 0.1): median 0.3, best 0.9
  const fused = fuseRankings(lexical, Float64Array.of(0.9, 0.5, 0.1, 0.3), 1, false, W);
  expect(fused.map((h) => h.id)).toEqual([0, 1, 3]); // 3: found by the model alone (cosine 0.3, at the median: scores 0)
  expect(fused[0]!.score).toBe(1);
  expect(fused[1]!.score).toBeCloseTo((0.5 + W.model * ((0.5 - 0.3) / (0.9 - 0.3))) / top, 9);
  expect(fused[2]!.score).toBe(0);
});

test('scores, not ranks: a close lexical second the model finds much closer wins; a weak lexical hit the model barely prefers does not', () => {
  const cos = Float64Array.of(0.2, 0.7, 0.1, 0.1, 0.1);
  expect(fuseRankings([{ id: 0, score: 1 }, { id: 1, score: 0.95 }], cos, 1, false, W).map((h) => h.id)).toEqual([1, 0]);
  const near = Float64Array.of(0.42, 0.45, 0.1, 0.1, 0.1);
  expect(fuseRankings([{ id: 0, score: 1 }, { id: 1, score: 0.1 }], near, 1, false, W).map((h) => h.id)).toEqual([0, 1]);
});

test('a lexical hit that matched less than fullCoverage of the request counts in proportion: one word of six loses to the model', () => {
  const cos = Float64Array.of(0.3, 0.6, 0.1, 0.1, 0.1);
  const weak = [{ id: 0, score: 1, coverage: 1 / 6 }, { id: 1, score: 0.2, coverage: 0.5 }];
  const fused = fuseRankings(weak, cos, 1, false, W);
  expect(fused.map((h) => h.id)).toEqual([1, 0]);
  expect(fused[1]!.score).toBeCloseTo(((1 / 6 / W.fullCoverage) * 1 + W.model * ((0.3 - 0.1) / (0.6 - 0.1))) / top, 9);
  // the same scores matching half the request or more count in full, and the lexical first stays first
  expect(fuseRankings([{ ...weak[0]!, coverage: 0.5 }, weak[1]!], cos, 1, false, W).map((h) => h.id)).toEqual([0, 1]);
  // a hit without a coverage (an embedder's own ranking) counts in full
  expect(fuseRankings([{ id: 0, score: 1 }, weak[1]!], cos, 1, false, W)[0]!.id).toBe(0);
});

test("the model's best hits join when no word matched them (cosine at least minCosine, at most modelOnly); entries the search does not keep (NaN) never do", () => {
  const cos = Float64Array.of(0.1, 0.2, 0.8, Number.NaN, 0.15, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.19);
  const fused = fuseRankings(lexical, cos, 1, true, W);
  const ids = fused.map((h) => h.id);
  // median 0.4: the model's first (0.8), far above it, before a lexical first the model puts last; its second (0.7) after
  expect(ids.slice(0, 3)).toEqual([2, 0, 5]);
  expect(new Set(ids)).toEqual(new Set([0, 1, 2, 5, 6, 7, 8])); // the lexical hits and the model's 5 best; not 3 (not kept) nor 11 (0.19)
  expect(fused.find((h) => h.id === 2)!.explain!.rankers).toEqual([
    { ranker: 'lexical', rank: null, score: null },
    { ranker: 'model', rank: 1, score: 0.8 },
  ]);
  expect(fused.find((h) => h.id === 0)!.explain!.rankers).toEqual([
    { ranker: 'lexical', rank: 1, score: 1.5 },
    { ranker: 'model', rank: 11, score: 0.1 },
  ]);
});

test('with the model weighed 0 (a request in another language) the lexical order and shares stand', () => {
  const fused = fuseRankings(lexical, Float64Array.of(0.1, 0.9, 0.1), 0, false, W);
  expect(fused.map((h) => [h.id, h.score])).toEqual([
    [0, 1],
    [1, 0.5],
  ]); // tool 2: cosine 0.1, below minCosine
});

test('a model weight between 0 and 1 discounts the model; all cosines equal add nothing', () => {
  const cos = Float64Array.of(0.2, 0.9, 0.1, 0.1, 0.1);
  expect(fuseRankings([{ id: 0, score: 1 }, { id: 1, score: 0.6 }], cos, 1, false, W)[0]!.id).toBe(1);
  expect(fuseRankings([{ id: 0, score: 1 }, { id: 1, score: 0.6 }], cos, 0.1, false, W)[0]!.id).toBe(0);
  const flat = fuseRankings(lexical, Float64Array.of(0.5, 0.5, 0.5), 1, false, W);
  expect(flat.map((h) => [h.id, h.score])).toEqual([
    [0, 1 / top],
    [1, 0.5 / top],
    [2, 0],
  ]);
});
