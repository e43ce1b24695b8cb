import { wordVectors } from '../wordVectors.js';
import { termShare } from './toolText.js';

/**
 * A word the multilingual lexicon knows counts as English (not another language's) when it is among this many most
 * frequent English words of the shipped word-vector table: `song`, `radio`, `euros`, `notes` or `remember` are
 * lexicon keys (another language says them too) and English words, `temporizador` and `wetter` are not.
 */
export const COMMON_ENGLISH_WORDS = 10_000;

/**
 * The share (0 to 1) of a request's searchable words that are another language's, for an English model (issue 42):
 * a word the multilingual lexicon knows that is not among the {@link COMMON_ENGLISH_WORDS} most frequent English
 * words, or a word the English word-vector table does not hold at all (`quilómetros`, `spät`; a rare name counts
 * too, which only lowers the model's weight). An English request of words the lexicon shares with other languages
 * (`convert 50 euros to dollars`) is English: the earlier share, of lexicon words only, called it two-thirds foreign
 * and ranked it lexically. Without the word-vector table, only the lexicon's words count; without a lexicon, 0.
 */
export function requestForeignShare(text: string, lexicon: ReadonlyMap<string, readonly string[]> | null): number {
  if (!lexicon) return 0;
  const table = wordVectors();
  return termShare(text, (term) => {
    if (!table) return lexicon.has(term);
    const row = table.rowOf(term);
    return row === undefined || (lexicon.has(term) && row >= COMMON_ENGLISH_WORDS);
  });
}
