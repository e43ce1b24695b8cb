import { STOP_WORDS } from './stopWords.js';

/** Letters that Unicode does not decompose into a base letter plus a mark, folded by hand (German, Nordic, Polish, ligatures). */
const SPECIAL_FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const SPECIAL = /[ßæœøłđðþı]/g;
const MARKS = /\p{M}+/gu;
/** Anything that is neither a letter, a combining mark nor a digit separates words: spaces, punctuation, `_`, `-`, `.`, `/`, apostrophes. */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
/** `getWeather` → `get Weather`; `HTTPRequest` → `HTTP Request` (camelCase and PascalCase tool and argument names). */
const CAMEL_LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const ONLY_DIGITS = /^\p{N}+$/u;
/** Plain ASCII text (most tool descriptions) takes a faster path with the same result. */
const NOT_ASCII = /[^\x00-\x7f]/;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;
/** A word that needs camelCase splitting: a lower-case letter then an upper-case one, or an acronym before a word. */
const HAS_CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
/** Folded words seen before (tool texts repeat the same words): word → term, `null` for a dropped word. */
const folds = new Map<string, string | null>();
const MAX_CACHED_FOLDS = 50_000;

/**
 * Splits text into words: on anything that is not a letter, a combining mark or a digit (so `snake_case`,
 * `kebab-case`, `dotted.names`, paths and French elisions such as `l'heure` split), and inside camelCase
 * (`getCurrentTime` → `get`, `Current`, `Time`). Accented words stay whole (`previsão`, `Wetterbericht`, `météo`);
 * letters and digits stay together (`mp3`, `base64`). Words are returned as written (no case change).
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const piece of text.split(NOT_ASCII.test(text) ? SEPARATORS : ASCII_SEPARATORS)) {
    if (piece === '') continue;
    if (!HAS_CAMEL.test(piece)) words.push(piece);
    else for (const word of piece.replace(CAMEL_LOWER_UPPER, '$1 $2').replace(CAMEL_ACRONYM, '$1 $2').split(' ')) words.push(word);
  }
  return words;
}

/**
 * One word as the index keeps it: lower case, diacritics folded (`previsão` → `previsao`, `Größe` → `grosse`,
 * `čas` → `cas`), or `null` when it carries no tool meaning: a {@link STOP_WORDS stop word}, a single character
 * or a number (`15`, `2026`: they match example values, not what a tool does; `mp3` and `tp1234` stay).
 * A spoken query and a tool description written with or without accents meet on the same term.
 */
export function foldTerm(word: string): string | null {
  const cached = folds.get(word);
  if (cached !== undefined) return cached;
  let folded = word.toLowerCase();
  if (NOT_ASCII.test(folded)) folded = folded.normalize('NFD').replace(MARKS, '').replace(SPECIAL, (c) => SPECIAL_FOLDS[c] ?? c);
  const term = folded.length < 2 || ONLY_DIGITS.test(folded) || STOP_WORDS.has(folded) ? null : folded;
  if (folds.size >= MAX_CACHED_FOLDS) folds.clear();
  folds.set(word, term);
  return term;
}

/** One word folded as {@link foldTerm} folds it (lower case, no diacritics), stop words, numbers and single letters kept. */
export function foldWord(word: string): string {
  let folded = word.toLowerCase();
  if (NOT_ASCII.test(folded)) folded = folded.normalize('NFD').replace(MARKS, '').replace(SPECIAL, (c) => SPECIAL_FOLDS[c] ?? c);
  return folded;
}

/**
 * The search terms of a text: {@link splitWords} then {@link foldTerm}, in order, stop words, single characters and
 * numbers dropped. `"What's the weather in São Paulo?"` → `["weather", "sao", "paulo"]`.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = foldTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}
