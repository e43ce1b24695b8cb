/**
 * The contract of a search-ranker package (issue 42): a model that turns texts into vectors whose cosine says how
 * close their meanings are, which the provider's tool search fuses with its lexical ranking. A package declares it in
 * its package.json under the entry-point group {@link SEARCH_RANKER_GROUP}
 * (`"entryPoints": {"ovos-tools.search-rankers": {"<name>": "./dist/index.js#searchRanker"}}`); the provider finds it
 * from package.json alone and imports it only inside a worker thread, so the model never runs on the provider's event
 * loop and a provider without such a package loads nothing of it.
 *
 * The object is checked field by field (brand, version, shape), never with `instanceof`: the package and the provider
 * may hold different copies of this module.
 */
export interface SearchRanker {
  /** {@link SEARCH_RANKER_CONTRACT_VERSION} under the brand `Symbol.for('ovos-tools.search-ranker')`. */
  readonly [SEARCH_RANKER_BRAND]: number;
  /**
   * Names the model and its weights (e.g. `use-en-lite@0.2.0`): vectors cached on disk are keyed by it, so a new
   * model or new weights never reuse vectors of another. Letters, digits, `.`, `_`, `-`, `@`; at most 100 characters.
   */
  readonly modelId: string;
  /** The length of every vector {@link TextEmbedder.embed} returns (an integer from 1 to 4096). */
  readonly dimensions: number;
  /**
   * BCP 47 primary language subtags the model was trained on (`["en"]`): a request that reads as another language
   * leans on the lexical ranking.
   */
  readonly languages: readonly string[];
  /** Loads the model (reads its weights from disk; never the network). Rejects with an error that says what failed. */
  load(options?: SearchRankerLoadOptions): Promise<TextEmbedder>;
}

/** How {@link SearchRanker.load} runs the model. */
export interface SearchRankerLoadOptions {
  /** The compute backend, when the package offers a choice (`cpu`, `wasm`); the package's default otherwise. */
  backend?: string;
}

/** A loaded model. */
export interface TextEmbedder {
  /**
   * One vector per text, in order, each of {@link SearchRanker.dimensions} numbers, unit length (so a dot product is
   * the cosine). Rejects when the model fails.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Frees the model's memory; the embedder is not used afterwards. */
  dispose?(): void;
}

/** The cross-copy brand of a {@link SearchRanker}: `Symbol.for('ovos-tools.search-ranker')`. */
export const SEARCH_RANKER_BRAND: unique symbol = Symbol.for('ovos-tools.search-ranker') as never;
/** The search-ranker contract version carried under {@link SEARCH_RANKER_BRAND}. */
export const SEARCH_RANKER_CONTRACT_VERSION = 1;
/** The package.json entry-point group that declares {@link SearchRanker}s. */
export const SEARCH_RANKER_GROUP = 'ovos-tools.search-rankers';
