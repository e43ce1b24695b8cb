export {
  DEFAULT_SEARCH_LIMIT,
  LEXICON_TERM_WEIGHT,
  MAX_QUERY_CHARS,
  MAX_QUERY_TERMS,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_TAGS,
  SEARCH_FIELD_BOOSTS,
  ToolSearchIndex,
} from './ToolSearchIndex.js';
export type {
  HitExplanation,
  RebuildOutcome,
  SearchField,
  SearchHit,
  SearchOptions,
  SearchOutcome,
  TermOrigin,
  ToolSearchIndexOptions,
} from './ToolSearchIndex.js';
export type { UtterancesOf } from './SearchSnapshot.js';
export { expandIntentLine, parseIntentLine } from './intentLines.js';
export type { ParsedIntentLine } from './intentLines.js';
export { checkLocaleUtterances, readLocaleUtterances } from './localeUtterances.js';
export type { LocaleUtterances } from './localeUtterances.js';
export { searchErrors } from './searchErrors.js';
export { foldTerm, searchTerms, splitWords } from './searchTerms.js';
export { STOP_WORDS } from './stopWords.js';
export { buildLexicon, VOICE_LEXICON } from './voiceLexicon.js';
export { MAX_FIELD_CHARS, toSearchDocument } from './toSearchDocument.js';
export type { SearchDocument } from './toSearchDocument.js';
