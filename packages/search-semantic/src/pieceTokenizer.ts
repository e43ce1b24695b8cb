/** The SentencePiece word-boundary mark (U+2581) the vocabulary's pieces begin words with. */
const WORD_MARK = '\u2581';
/** Vocabulary entries before this index are reserved (unknown, control and user symbols) and never matched. */
const RESERVED_PIECES = 6;
/** The id of the unknown piece. */
const UNKNOWN_ID = 0;
/** The score of one unknown character: below every piece, so a known piece always wins. */
const UNKNOWN_SCORE = -100;

/** A trie node: the piece ending here (its id and score), if any, and the characters that continue a piece. */
interface PieceNode {
  /** The piece's id, -1 where no piece ends. */
  id: number;
  score: number;
  next: Map<string, PieceNode>;
}

/**
 * A unigram SentencePiece tokenizer over the Universal Sentence Encoder vocabulary (`vocab.json`: `[piece, log
 * probability]` pairs, id = position): the text is NFKC-normalised, spaces become U+2581 (one before the text too),
 * and the most probable split into pieces is found by dynamic programming (Viterbi). A character no piece covers is
 * the unknown piece (id 0); runs of them count once. The same algorithm as TensorFlow.js's model package, written
 * afresh: it also scores unknown characters below known pieces.
 */
export class PieceTokenizer {
  /** The pieces as a trie of characters: a walk from a position meets every piece starting there, and stops early. */
  private readonly root: PieceNode = { id: -1, score: 0, next: new Map() };

  /**
   * @param vocabulary - `[piece, score]` pairs, the piece's id its position.
   * @throws TypeError when the vocabulary is not such a list.
   */
  constructor(vocabulary: unknown) {
    if (!Array.isArray(vocabulary) || vocabulary.length <= RESERVED_PIECES) throw new TypeError('vocabulary: expected a list of [piece, score] pairs');
    for (let id = RESERVED_PIECES; id < vocabulary.length; id++) {
      const entry = vocabulary[id] as unknown;
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') throw new TypeError(`vocabulary[${id}]: expected [string, number]`);
      const piece = entry[0];
      // a few pieces of the shipped vocabulary carry no score (`[":", null]`): they score as the reference does, 0
      let node = this.root;
      for (const ch of piece) {
        let child = node.next.get(ch);
        if (!child) node.next.set(ch, (child = { id: -1, score: 0, next: new Map() }));
        node = child;
      }
      node.id = id; // a piece listed twice: the later entry, as a map keyed by piece keeps it
      node.score = typeof entry[1] === 'number' ? entry[1] : 0;
    }
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
      let node = this.root;
      for (let len = 1; start + len <= n; len++) {
        const child = node.next.get(chars[start + len - 1]!);
        // a character no piece goes on with: only the unknown piece of one character is left to score
        const known = child !== undefined && child.id >= 0;
        if (known || len === 1) {
          const total = best[start]! + (known ? child.score : UNKNOWN_SCORE);
          if (total > best[start + len]!) {
            best[start + len] = total;
            from[start + len] = start;
            ids[start + len] = known ? child.id : UNKNOWN_ID;
          }
        }
        if (!child) break;
        node = child;
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
