import type { HitExplanation } from '../../service/HitExplanation.js';
import type { RankedHit } from '../rankSnapshot.js';

/** How fusion weighs the two rankings (tuned on the spoken and verbose tuning sets only; see docs/search-and-budgets.md). */
export interface FusionWeights {
  /** The reciprocal-rank-fusion constant `k`: a rank `r` counts `weight / (k + r)`. */
  k: number;
  /** Weight of the lexical ranking. */
  lexical: number;
  /** Weight of the model's ranking (before the language discount). */
  model: number;
  /** The model's best hits that no word matched, kept when their cosine is at least `minCosine`: at most this many. */
  modelOnly: number;
  /** The lowest cosine a hit found by the model alone may have. */
  minCosine: number;
  /**
   * A request with at least this share of words the lexicon knows as another language's (`foreignShare`) is ranked
   * lexically only by an English model; below it, the model's weight is discounted by that share.
   */
  foreignLexicalOnly: number;
}

/**
 * The weights the product uses, chosen on the tuning parts of the spoken (104 requests, eight languages) and verbose
 * (46, English) sets by the sum of both MRRs over a grid (k 1–60, model weight 0.3–1, language cut 0.01–0.5,
 * model-only hits 0–10 above a cosine of 0.1–0.3); the held-out parts and MetaTool were never used.
 */
export const FUSION_WEIGHTS: Readonly<FusionWeights> = Object.freeze({ k: 3, lexical: 1, model: 1, modelOnly: 5, minCosine: 0.2, foreignLexicalOnly: 0.25 });

/**
 * Reciprocal-rank fusion of the lexical ranking (`lexical`, best first) and the model's cosines (`cosines[id]`, `NaN`
 * for entries the search does not keep): each entry's score is `lexical / (k + lexical rank) + model × modelWeight /
 * (k + model rank)`, scaled so an entry both rank first scores 1. Entries are the lexical hits plus the model's
 * `modelOnly` best with a cosine of at least `minCosine`. `modelWeight` (0 to 1) discounts the model for a request it
 * understands less (another language). Best first; ties by lexical order, then position.
 */
export function fuseRankings(lexical: readonly RankedHit[], cosines: Float64Array, modelWeight: number, explain: boolean, w: FusionWeights = FUSION_WEIGHTS): RankedHit[] {
  const byModel: number[] = [];
  for (let id = 0; id < cosines.length; id++) if (!Number.isNaN(cosines[id]!)) byModel.push(id);
  byModel.sort((a, b) => cosines[b]! - cosines[a]! || a - b);
  const modelRank = new Map<number, number>(byModel.map((id, i) => [id, i + 1]));
  const lexicalRank = new Map<number, number>(lexical.map((h, i) => [h.id, i + 1]));
  const candidates = new Map<number, RankedHit | undefined>(lexical.map((h) => [h.id, h]));
  for (const id of byModel.slice(0, w.modelOnly)) if (cosines[id]! >= w.minCosine && !candidates.has(id)) candidates.set(id, undefined);
  const top = w.lexical / (w.k + 1) + (w.model * modelWeight) / (w.k + 1);
  const fused: Array<RankedHit & { order: number }> = [];
  for (const [id, lex] of candidates) {
    const lr = lexicalRank.get(id);
    const mr = modelRank.get(id);
    const score = ((lr ? w.lexical / (w.k + lr) : 0) + (mr ? (w.model * modelWeight) / (w.k + mr) : 0)) / top;
    const hit: RankedHit & { order: number } = { id, score, order: lr ?? Number.MAX_SAFE_INTEGER };
    if (explain) hit.explain = withRankers(lex?.explain, lr, lex, mr, cosines[id]);
    fused.push(hit);
  }
  fused.sort((a, b) => b.score - a.score || a.order - b.order || a.id - b.id);
  return fused.map(({ order: _order, ...hit }) => hit);
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
