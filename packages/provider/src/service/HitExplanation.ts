/**
 * Where a searched term came from: `query` (a word of the request), `lexicon` (an English word added for a word of
 * another language), `concept` (added for a number, unit, operation or clock time), `phrase` (a pair of neighbouring
 * request words, matched against the pairs of a tool's example requests).
 */
export type TermOrigin = 'query' | 'lexicon' | 'concept' | 'phrase';

/** Why a tool was found (a search with `explain: true`). Plain data: no module of the provider is imported here. */
export interface HitExplanation {
  /**
   * Each matched index term (folded, stemmed; a pair as `~a_b`): the request word it came from, how, and the fields
   * of the tool it matched in (`name`, `summary`, `description`, `tags`, `args`, `examples`, `toolbox`,
   * `utterances`, `phrases`).
   */
  terms: Array<{ term: string; word: string; origin: TermOrigin; fields: string[] }>;
  /** The lexical part of the score (BM25, scaled so this search's best lexical match is 1; 0 when no word matched). */
  lexical: number;
  /** The cosine of the request's and the tool's meaning vectors (-1 to 1), or `null` when either has none. */
  semantic: number | null;
  /**
   * Present when a search-ranker package (`@ovos-tools/search-semantic`) ranked this search too: each ranker's rank of
   * the tool (1 = best; `null` when it did not rank it) and its own score — `lexical`: the lexical score above;
   * `model`: the cosine of the model's sentence vectors (-1 to 1) — whose scores were fused into the hit's score
   * (docs/search-and-budgets.md, "Fusion").
   */
  rankers?: Array<{ ranker: 'lexical' | 'model'; rank: number | null; score: number | null }>;
}
