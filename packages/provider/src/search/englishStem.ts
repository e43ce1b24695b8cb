import { createRequire } from 'node:module';

/** A Snowball stemmer as `snowball-stemmers` (ISC) makes it. */
interface Stemmer {
  stem(word: string): string;
}

let stemmer: Stemmer | undefined;
/** Stems computed before (tool texts and requests repeat the same words). */
const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

/**
 * The Snowball English stem of a folded term (`converting` → `convert`, `kilometers` → `kilomet`), so a request and
 * a description meet whatever the inflection. The stemmer (`snowball-stemmers`, ISC, ~0.9 MB installed) is loaded on
 * first use. Terms with digits or shorter than 4 letters are kept as they are (`mp3`, `gb`, `ls`).
 */
export function englishStem(term: string): string {
  if (term.length < 4 || /\d/.test(term)) return term;
  const cached = stems.get(term);
  if (cached !== undefined) return cached;
  stemmer ??= (createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(language: string): Stemmer }).newStemmer('english');
  const stem = stemmer.stem(term) || term;
  if (stems.size >= MAX_CACHED_STEMS) stems.clear();
  stems.set(term, stem);
  return stem;
}
