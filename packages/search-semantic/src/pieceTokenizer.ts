/** The SentencePiece word-boundary mark (U+2581) the vocabulary's pieces begin words with. */
const WORD_MARK = '\u2581';
/** Vocabulary entries before this index are reserved (unknown, control and user symbols) and never matched. */
const RESERVED_PIECES = 6;
/** The id of the unknown piece. */
const UNKNOWN_ID = 0;
/** The score of one unknown character: below every piece, so a known piece always wins. */
const UNKNOWN_SCORE = -100;

/**
 * A unigram SentencePiece tokenizer over the Universal Sentence Encoder vocabulary (`vocab.json`: `[piece, log
 * probability]` pairs, id = position): the text is NFKC-normalised, spaces become U+2581 (one before the text too),
 * and the most probable split into pieces is found by dynamic programming (Viterbi). A character no piece covers is
 * the unknown piece (id 0); runs of them count once. The same algorithm as TensorFlow.js's model package, written
 * afresh: it also scores unknown characters below known pieces.
 */
export class PieceTokenizer {
  private readonly pieces = new Map<string, { id: number; score: number }>();
  private readonly longest: number;

  /**
   * @param vocabulary - `[piece, score]` pairs, the piece's id its position.
   * @throws TypeError when the vocabulary is not such a list.
   */
  constructor(vocabulary: unknown) {
    if (!Array.isArray(vocabulary) || vocabulary.length <= RESERVED_PIECES) throw new TypeError('vocabulary: expected a list of [piece, score] pairs');
    let longest = 1;
    for (let id = RESERVED_PIECES; id < vocabulary.length; id++) {
      const entry = vocabulary[id] as unknown;
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') throw new TypeError(`vocabulary[${id}]: expected [string, number]`);
      const piece = entry[0];
      // a few pieces of the shipped vocabulary carry no score (`[":", null]`): they score as the reference does, 0
      this.pieces.set(piece, { id, score: typeof entry[1] === 'number' ? entry[1] : 0 });
      longest = Math.max(longest, [...piece].length);
    }
    this.longest = longest;
  }

  /** The piece ids of `text`, in order (empty for an empty text). */
  encode(text: string): number[] {
    const normalised = text.normalize('NFKC').trim();
    if (normalised === '') return [];
    const chars = [...(WORD_MARK + normalised.replace(/\s+/g, WORD_MARK))];
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1);
    const ids = new Int32Array(n + 1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      if (best[start] === -Infinity) continue;
      let piece = '';
      for (let len = 1; len <= this.longest && start + len <= n; len++) {
        piece += chars[start + len - 1];
        const known = this.pieces.get(piece);
        const score = known ? known.score : len === 1 ? UNKNOWN_SCORE : undefined;
        if (score === undefined) continue;
        const total = best[start]! + score;
        if (total > best[start + len]!) {
          best[start + len] = total;
          from[start + len] = start;
          ids[start + len] = known ? known.id : UNKNOWN_ID;
        }
      }
    }
    const out: number[] = [];
    for (let end = n; end > 0; end = from[end]!) {
      const id = ids[end]!;
      if (!(id === UNKNOWN_ID && out[out.length - 1] === UNKNOWN_ID)) out.push(id);
    }
    return out.reverse();
  }
}
