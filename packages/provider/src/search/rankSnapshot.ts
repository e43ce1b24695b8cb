import type { AnalysedQuery, QueryTerm } from './analyseQuery.js';
import type { HitExplanation } from '../service/HitExplanation.js';
import type { Snapshot } from './SearchSnapshot.js';
import { cosine, textVector } from './textVector.js';

/** How much the cosine of the meanings adds to the lexical score (whose best match per search is 1). */
export const SEMANTIC_WEIGHT = 0.6;
/** A tool no word matched is still found when its meaning is at least this close to the request's (cosine). */
export const SEMANTIC_MIN_COSINE = 0.65;

/**
 * Whether a query term may match index terms within 20% edits (`wether` → `weather`, `treno` → `treni`): a stem of 6+
 * letters, or of 5 that stemming left as the word was. A stem the stemmer shortened is not (`evaluate` → `evalu` would
 * reach `valu`, of `value`); word pairs never are.
 */
function fuzzyAllowed(term: string, from: QueryTerm | undefined): boolean {
  if (term.startsWith('~')) return false;
  return term.length >= 6 || (term.length >= 5 && from?.word === term);
}

/** One ranked position in the snapshot. */
export interface RankedHit {
  /** Position of the entry in the snapshot. */
  id: number;
  /** Lexical (best match 1) plus the weighted cosine. */
  score: number;
  /**
   * The share (0 to 1) of the request's own words this hit matched (said, or a lexicon word's English), by word, prefix
   * or typo; 0 for a hit found by meaning alone. Fusion counts a lexical score in full only from a share of
   * `FusionWeights.fullCoverage`. Unset: counted as 1.
   */
  coverage?: number;
  /** Why it was found, when asked. */
  explain?: HitExplanation;
}

/**
 * Ranks a snapshot's entries that pass `keep` for an analysed request: MiniSearch BM25 over the weighted terms
 * (prefix matches as the index's options say, fuzzy ones as {@link fuzzyAllowed} does), scaled so the best lexical score is 1, plus
 * {@link SEMANTIC_WEIGHT} × the cosine of the meaning vectors. Entries no term matched are kept when their cosine is
 * at least {@link SEMANTIC_MIN_COSINE}. Best first.
 */
export function rankSnapshot(snap: Snapshot, query: AnalysedQuery, keep: (id: number) => boolean, explain: boolean): RankedHit[] {
  const terms = query.terms;
  const found = snap.mini.search([...terms.keys()].join(' '), {
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term,
    boostTerm: (term) => terms.get(term)?.weight ?? 1,
    fuzzy: (term) => (fuzzyAllowed(term, terms.get(term)) ? 0.2 : false),
    filter: (result) => keep(result.id as number),
  });
  const top = found[0]?.score ?? 0;
  const qVector = snap.semantic ? textVector(query.vectorWords) : undefined;
  const lexical = new Map<number, { score: number; match: Record<string, string[]>; queryTerms: string[]; terms: string[] }>();
  for (const hit of found) lexical.set(hit.id as number, { score: top > 0 ? hit.score / top : 0, match: hit.match, queryTerms: hit.queryTerms, terms: hit.terms });
  const ranked: RankedHit[] = [];
  for (let id = 0; id < snap.entries.length; id++) {
    const lex = lexical.get(id);
    const vector = qVector ? snap.vectorOf(id) : undefined;
    const cos = qVector && vector ? cosine(qVector, vector) : null;
    if (!lex && (cos === null || cos < SEMANTIC_MIN_COSINE || !keep(id))) continue;
    const score = (lex?.score ?? 0) + SEMANTIC_WEIGHT * Math.max(0, cos ?? 0);
    const hit: RankedHit = { id, score, coverage: lex ? Math.min(1, wordsMatched(terms, lex.queryTerms) / Math.max(1, query.ownWords)) : 0 };
    if (explain) hit.explain = explainHit(terms, lex, cos);
    ranked.push(hit);
  }
  return ranked.sort((a, b) => b.score - a.score || a.id - b.id);
}

/** How many distinct request words (said, or a lexicon word's English) the matched query terms `matched` came from. */
function wordsMatched(terms: ReadonlyMap<string, QueryTerm>, matched: readonly string[]): number {
  const words = new Set<string>();
  for (const m of matched) {
    const t = terms.get(m);
    if (t && (t.origin === 'query' || t.origin === 'lexicon')) words.add(t.word);
  }
  return words.size;
}

function explainHit(queryTerms: ReadonlyMap<string, QueryTerm>, lex: { score: number; match: Record<string, string[]>; queryTerms: string[]; terms: string[] } | undefined, cos: number | null): HitExplanation {
  const terms: HitExplanation['terms'] = [];
  if (lex) {
    for (const [docTerm, fields] of Object.entries(lex.match)) {
      // the query term that matched this index term (itself, or by prefix or typo)
      const from = queryTerms.get(docTerm) ?? [...queryTerms.values()].find((t) => lex.queryTerms.includes(t.term) && (docTerm.startsWith(t.term) || t.term.length >= 5));
      terms.push({ term: docTerm, word: from?.word ?? docTerm, origin: from?.origin ?? 'query', fields: [...fields] });
    }
  }
  return { terms, lexical: Math.round((lex?.score ?? 0) * 1000) / 1000, semantic: cos === null ? null : Math.round(cos * 1000) / 1000 };
}


