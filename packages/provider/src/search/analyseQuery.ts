import type { WireError } from '@ovos-tools/core';
import { englishStem } from './englishStem.js';
import type { TermOrigin } from '../service/HitExplanation.js';
import { queryConcepts } from './queryConcepts.js';
import { searchErrors } from './searchErrors.js';
import { foldTerm, foldWord, splitWords } from './searchTerms.js';
import { wordPairs } from './wordPairs.js';

/** The longest query accepted, in characters (UTF-16 code units). */
export const MAX_QUERY_CHARS = 1000;
/** The most distinct words (after stop words are dropped) a query may have. */
export const MAX_QUERY_TERMS = 32;
/** How much a word added by the lexicon counts, relative to a word of the query itself. */
export const LEXICON_TERM_WEIGHT = 0.6;
/** How much a pair of neighbouring request words counts when it is a pair of a tool's example requests. */
export const PAIR_TERM_WEIGHT = 0.5;


/** One term searched for. */
export interface QueryTerm {
  /** The index term (folded, Snowball English stem). */
  term: string;
  /** How much a match counts (1 for a word of the query). */
  weight: number;
  /** The word of the query it was made from (for `lexicon` and `concept`: the English word added). */
  word: string;
  /** How it was added: said, from the lexicon, from a concept, or a word pair. */
  origin: TermOrigin;
}

/** A request read for search. */
export interface AnalysedQuery {
  /** Index terms, each once, with the highest weight it was added at. */
  terms: Map<string, QueryTerm>;
  /** Folded English-or-not words and weights for the meaning vector. */
  vectorWords: Array<[string, number]>;
  /** Numbers read from the request (words or digits). */
  numbers: number[];
  /** How many distinct words of its own the request has (folded, stop words out): what a hit's `coverage` counts against. */
  ownWords: number;
}

/**
 * Reads a request: its words (split, folded, stop words out), the English words the lexicon adds for words of other
 * languages, and the words numbers, units, arithmetic and clock times add (`queryConcepts`); then stems every term
 * as the index does. Refuses (as the `invalid_request` error) a query that is not a string, is empty, too long, has
 * no searchable word or too many.
 */
export function analyseQuery(query: unknown, lexicon: ReadonlyMap<string, readonly string[]> | null): AnalysedQuery | { error: WireError } {
  if (typeof query !== 'string') return { error: searchErrors.queryNotString(query) };
  if (query.length > MAX_QUERY_CHARS) return { error: searchErrors.queryTooLong(query.length, MAX_QUERY_CHARS) };
  if (query.trim() === '') return { error: searchErrors.queryEmpty() };
  const raw = splitWords(query);
  const own = new Set<string>();
  for (const word of raw) {
    const term = foldTerm(word);
    if (term !== null) own.add(term);
  }
  if (own.size === 0) return { error: searchErrors.queryNoWords(query) };
  if (own.size > MAX_QUERY_TERMS) return { error: searchErrors.queryTooManyWords(own.size, MAX_QUERY_TERMS) };

  const terms = new Map<string, QueryTerm>();
  const vectorWords: Array<[string, number]> = [];
  const add = (word: string, weight: number, origin: TermOrigin) => {
    const term = origin === 'phrase' ? word : englishStem(word);
    const had = terms.get(term);
    if (!had || had.weight < weight) terms.set(term, { term, weight, word, origin });
    if (origin !== 'phrase') vectorWords.push([word, weight]);
  };
  for (const word of own) add(word, 1, 'query');
  if (lexicon) for (const word of own) for (const extra of lexicon.get(word) ?? []) if (!own.has(extra)) add(extra, LEXICON_TERM_WEIGHT, 'lexicon');
  const concepts = queryConcepts(raw.map(foldWord));
  for (const [word, weight] of concepts.added) if (!own.has(word)) add(word, weight, 'concept');
  for (const pair of wordPairs(query).slice(0, MAX_QUERY_TERMS)) add(pair, PAIR_TERM_WEIGHT, 'phrase');
  return { terms, vectorWords, numbers: concepts.numbers.map((n) => n.value), ownWords: own.size };
}
