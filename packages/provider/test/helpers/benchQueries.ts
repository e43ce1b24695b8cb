/** A labelled query of the bench's query sets (bench/search/fixtures/*.json), as the relevance tests read them. */
export interface BenchQuery {
  /** `tuning` (used while the ranker was built) or `held-out` (never tuned on). */
  set: 'tuning' | 'held-out';
  /** Language code of the request. */
  lang: string;
  /** The request. */
  query: string;
  /** The tools that serve it, as `toolbox_id/name`. */
  expected: string[];
}

/** A bench catalog entry, as far as the relevance tests read it. */
export interface BenchEntry {
  toolboxId: string;
  /** The entry-point name that declared its toolbox. */
  source: string;
  tool: { name: string };
}
