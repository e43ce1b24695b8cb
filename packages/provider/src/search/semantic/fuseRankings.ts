import type { HitExplanation } from '../../service/HitExplanation.js';
import type { RankedHit } from '../rankSnapshot.js';

/** How fusion weighs the two rankers (tuned on the project's own tuning sets only; see docs/search-and-budgets.md). */
export interface FusionWeights {
  /** Weight of the lexical score, scaled so this search's best lexical hit is 1. */
  lexical: number;
  /**
   * The share of the request's own words a lexical hit must match for its score to count in full (`RankedHit.coverage`);
   * below it, the score counts in proportion (a hit that matched one word of six counts a third at 0.5). 0: always in full.
   */
  fullCoverage: number;
  /**
   * Weight of the model's score (before the language discount): the tool's cosine above the median cosine of the
   * search's tools, as a share of the best one's (`(cos − median) / (best − median)`, 0 at or below the median).
   */
  model: number;
  /** The model's best hits that no word matched, kept when their cosine is at least `minCosine`: at most this many. */
  modelOnly: number;
  /** The lowest cosine a hit found by the model alone may have. */
  minCosine: number;
  /**
   * A request with at least this share of words of another language (`requestForeignShare`) is ranked lexically
   * only by an English model; below it, the model's weight is discounted by that share.
   */
  foreignLexicalOnly: number;
}

/**
 * The weights the product uses, chosen on the tuning parts of the project's own sets — assistant-style requests over
 * tools with a name and a description only (116), the English requests of the relevance (66), verbose (46) and
 * spoken (20) sets — by the mean of their MRRs, the spoken and relevance sets' other languages (121) checked not to
 * fall below the lexical ranking (`bench/tuneFusion.mjs` prints the grid), for the search-semantic package's model
 * (all-MiniLM-L6-v2; its cosines run lower than the earlier Universal Sentence Encoder's, hence the lower
 * `minCosine`). The held-out parts and MetaTool were never used to choose.
 */
export const FUSION_WEIGHTS: Readonly<FusionWeights> = Object.freeze({ lexical: 1, fullCoverage: 0.34, model: 2, modelOnly: 5, minCosine: 0.1, foreignLexicalOnly: 0.4 });

/**
 * Score fusion of the lexical ranking (`lexical`, best first, its scores) and the model's cosines (`cosines[id]`,
 * `NaN` for entries the search does not keep): each entry scores `lexical × score / best lexical score + model ×
 * modelWeight × (cos − median) / (best cos − median)` (the model's part 0 at or below the median cosine of the kept
 * entries), divided by `lexical + model × modelWeight` so an entry best in both scores 1. Scores rather than ranks:
 * a lexical hit far behind the best (one common word matched) adds little, and a tool the model finds much closer
 * than the rest keeps that lead, where reciprocal ranks flatten both (measured: docs/search-and-budgets.md).
 * Entries are the lexical hits plus the model's `modelOnly` best with a cosine of at least `minCosine`.
 * `modelWeight` (0 to 1) discounts the model for a request it understands less (another language). Best first; ties
 * by lexical order, then position.
 */
export function fuseRankings(lexical: readonly RankedHit[], cosines: Float64Array, modelWeight: number, explain: boolean, w: FusionWeights = FUSION_WEIGHTS): RankedHit[] {
  const byModel: number[] = [];
  for (let id = 0; id < cosines.length; id++) if (!Number.isNaN(cosines[id]!)) byModel.push(id);
  byModel.sort((a, b) => cosines[b]! - cosines[a]! || a - b);
  const modelRank = new Map<number, number>(byModel.map((id, i) => [id, i + 1]));
  const best = byModel.length ? cosines[byModel[0]!]! : 0;
  const median = byModel.length ? cosines[byModel[Math.floor(byModel.length / 2)]!]! : 0;
  const modelPart = (cos: number) => (Number.isNaN(cos) || best <= median ? 0 : Math.max(0, (cos - median) / (best - median)));
  const bestLexical = lexical.reduce((m, h) => Math.max(m, h.score), 0);
  const lexicalRank = new Map<number, number>(lexical.map((h, i) => [h.id, i + 1]));
  const candidates = new Map<number, RankedHit | undefined>(lexical.map((h) => [h.id, h]));
  for (const id of byModel.slice(0, w.modelOnly)) if (cosines[id]! >= w.minCosine && !candidates.has(id)) candidates.set(id, undefined);
  const modelW = w.model * Math.min(1, Math.max(0, modelWeight));
  const top = w.lexical + modelW || 1;
  const fused: Array<RankedHit & { order: number }> = [];
  for (const [id, lex] of candidates) {
    const lr = lexicalRank.get(id);
    const cos = cosines[id] ?? Number.NaN;
    const score = ((lex && bestLexical > 0 ? (w.lexical * lex.score * coverageShare(lex.coverage, w.fullCoverage)) / bestLexical : 0) + modelW * modelPart(cos)) / top;
    const hit: RankedHit & { order: number } = { id, score, order: lr ?? Number.MAX_SAFE_INTEGER };
    if (explain) hit.explain = withRankers(lex?.explain, lr, lex, modelRank.get(id), cos);
    fused.push(hit);
  }
  fused.sort((a, b) => b.score - a.score || a.order - b.order || a.id - b.id);
  return fused.map(({ order: _order, ...hit }) => hit);
}

/** How much of a lexical score counts for a hit that matched `coverage` of the request's words (unset: all). */
function coverageShare(coverage: number | undefined, full: number): number {
  if (coverage === undefined || full <= 0) return 1;
  return Math.min(1, Math.max(0, coverage) / full);
}

function withRankers(base: HitExplanation | undefined, lr: number | undefined, lex: RankedHit | undefined, mr: number | undefined, cos: number | undefined): HitExplanation {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    ...(base ?? { terms: [], lexical: 0, semantic: null }),
    rankers: [
      { ranker: 'lexical', rank: lr ?? null, score: lex ? round(lex.score) : null },
      { ranker: 'model', rank: mr ?? null, score: cos === undefined || Number.isNaN(cos) ? null : round(cos) },
    ],
  };
}
