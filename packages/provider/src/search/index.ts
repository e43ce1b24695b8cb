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
export { expandIntentLine, MAX_EXPANSIONS_PER_LINE, MAX_INTENT_LINE_CHARS, MAX_INTENT_NESTING, parseIntentLine } from './intentLines.js';
export type { ParsedIntentLine } from './intentLines.js';
export {
  checkLocaleUtterances,
  MAX_INTENT_FILE_BYTES,
  MAX_INTENT_FILES,
  MAX_INTENT_PACKAGE_BYTES,
  MAX_SENTENCES_PER_PACKAGE,
  MAX_SENTENCES_PER_TOOL,
  readLocaleUtterances,
} from './localeUtterances.js';
export type { LocaleUtterances } from './localeUtterances.js';
export { searchErrors } from './searchErrors.js';
export { foldTerm, searchTerms, splitWords } from './searchTerms.js';
export { STOP_WORDS } from './stopWords.js';
export { buildLexicon, VOICE_LEXICON } from './voiceLexicon.js';
export { MAX_FIELD_CHARS, toSearchDocument } from './toSearchDocument.js';
export type { SearchDocument } from './toSearchDocument.js';
