import { silentLogger, type Logger } from '@ovos-tools/core';
import type { CatalogEntry } from '../../service/CatalogEntry.js';
import type { RankedHit } from '../rankSnapshot.js';
import { FUSION_WEIGHTS, fuseRankings, type FusionWeights } from './fuseRankings.js';
import { SemanticRanker, type RankerDeclaration, type SemanticRankerOptions } from './SemanticRanker.js';
import { requestForeignShare } from './requestLanguage.js';
import { toolText } from './toolText.js';

/** What a {@link ModelRanking} is made from. */
export interface ModelRankingOptions extends SemanticRankerOptions {
  /** The search ranker discovery found (asked at every index rebuild), or `undefined`: search is lexical only. */
  source: () => RankerDeclaration | undefined;
  /** Fusion weights replacing {@link FUSION_WEIGHTS} (for tuning); default those. */
  weights?: Partial<FusionWeights>;
}

/**
 * The model's side of tool search (issue 42): the search ranker package discovery found (one {@link SemanticRanker}
 * per package fingerprint, started by the first search), each indexed tool's text for it, and the fusion of its
 * ranking with the lexical one. A search it cannot serve now (no package, the model loading or failed, tools not yet
 * embedded, the request too slow to embed or not in the model's language) gets `undefined`: the lexical ranking
 * stands. Never throws.
 */
export class ModelRanking {
  private ranker: SemanticRanker | undefined;
  private texts: string[] = [];
  private readonly logger: Logger;

  constructor(
    private readonly options: ModelRankingOptions,
    private readonly lexicon: ReadonlyMap<string, readonly string[]> | null = null,
  ) {
    this.logger = options.logger ?? silentLogger;
  }

  /** The ranker in use (for tests and the bench), if any. */
  get current(): SemanticRanker | undefined {
    return this.ranker;
  }

  /** Whether the next search is ranked by the model too (asks for what is missing, starting the model if needed). */
  ready(): boolean {
    return this.ranker?.vectorsFor(this.texts) !== undefined;
  }

  /** Takes the catalog an index rebuild indexed (`utterancesAt(i)`: the example requests of entry `i`). */
  update(entries: readonly CatalogEntry[], utterancesAt: (i: number) => readonly string[]): void {
    let found: RankerDeclaration | undefined;
    try {
      found = this.options.source();
    } catch {
      found = undefined;
    }
    const same = found && this.ranker && this.ranker.declaration.fingerprint === found.fingerprint && this.ranker.declaration.modulePath === found.modulePath;
    if (!same && this.ranker) {
      this.logger.info(`search: ${found ? 'the search ranker changed' : 'no search ranker installed any more'}; ${found ? 'its new version starts at the next search' : 'searches rank lexically'}`);
      void this.ranker.close();
      this.ranker = undefined;
    }
    if (found && !this.ranker) this.ranker = new SemanticRanker(found, this.options);
    this.texts = this.ranker ? entries.map((e, i) => toolText(e, utterancesAt(i), this.lexicon)) : [];
  }

  /**
   * Fetches the request's vector without blocking the event loop, when the model can take part in its search (see
   * `SemanticRanker.prepareQuery`): the service awaits this, then ranks with `rank(…, wait = false)`. Never rejects.
   */
  async prepare(query: string): Promise<void> {
    const ranker = this.ranker;
    if (!ranker || !ranker.vectorsFor(this.texts)) return;
    if (this.foreignShareFor(ranker, query) >= this.weights().foreignLexicalOnly) return;
    await ranker.prepareQuery(query);
  }

  /**
   * The fused ranking of a search (lexical hits `lexical`, best first; `keep(id)`: the entry passes the search's tags
   * and caller filter), or `undefined` when the model cannot take part now. `wait`: whether to wait (blocking, at
   * most the ranker's `queryWaitMs`) for a request vector {@link prepare} did not fetch.
   */
  rank(query: string, lexical: readonly RankedHit[], keep: (id: number) => boolean, explain: boolean, wait = true): RankedHit[] | undefined {
    const ranker = this.ranker;
    if (!ranker) return undefined;
    const vectors = ranker.vectorsFor(this.texts);
    if (!vectors) return undefined;
    const foreign = this.foreignShareFor(ranker, query);
    const weights = this.weights();
    if (foreign >= weights.foreignLexicalOnly) return undefined;
    const q = ranker.queryVector(query, wait);
    if (!q) return undefined;
    const cosines = new Float64Array(vectors.length).fill(Number.NaN);
    for (let id = 0; id < vectors.length; id++) if (keep(id)) cosines[id] = dot(q, vectors[id]!);
    return fuseRankings(lexical, cosines, 1 - foreign, explain, weights);
  }

  /** How much of `query` is another language than the model's (0 for a model that is not English-only). */
  private foreignShareFor(ranker: SemanticRanker, query: string): number {
    return ranker.languages?.includes('en') ? requestForeignShare(query, this.lexicon) : 0;
  }

  private weights(): FusionWeights {
    return { ...FUSION_WEIGHTS, ...this.options.weights };
  }

  /** Stops the model's worker. */
  async close(): Promise<void> {
    const r = this.ranker;
    this.ranker = undefined;
    await r?.close();
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
