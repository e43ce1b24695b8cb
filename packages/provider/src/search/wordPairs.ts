import { foldWord, splitWords } from './searchTerms.js';

/** The most words of a text that pairs are made of. */
const MAX_PAIR_WORDS = 64;

/**
 * The pairs of neighbouring words of a text, folded, stop words kept, joined by `_` after a `~`: `what time is it` →
 * `~what_time`, `~time_is`, `~is_it` (the `~` keeps a word from matching a pair by prefix). Utterances and
 * requests are matched on them too, so a request phrased like a tool's example requests ranks that tool first even
 * when its content words are shared with other tools.
 */
export function wordPairs(text: string): string[] {
  const words = splitWords(text).slice(0, MAX_PAIR_WORDS).map(foldWord);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`~${words[i - 1]}_${words[i]}`);
  return pairs;
}
