import { wordVectors } from './wordVectors.js';

/** Rank (in the frequency-ordered table) at which a word counts half: very common words weigh little (SIF-like). */
const HALF_WEIGHT_RANK = 400;

/**
 * The meaning of a bag of folded English words as one unit vector: the mean of their word vectors, each weighted by
 * `weight` × how rare the word is (`rank / (rank + 400)` in the frequency-ordered table), scaled to length 1.
 * `undefined` when no word is in the table (or the table could not be loaded). Words outside the table add nothing.
 */
export function textVector(words: Iterable<readonly [word: string, weight: number]>): Float32Array | undefined {
  const table = wordVectors();
  if (!table) return undefined;
  const dims = table.dimensions;
  const sum = new Float32Array(dims);
  let any = false;
  for (const [word, weight] of words) {
    const row = table.rowOf(word);
    if (row === undefined) continue;
    const w = (weight * row) / (row + HALF_WEIGHT_RANK);
    const base = row * dims;
    for (let d = 0; d < dims; d++) sum[d]! += w * table.values[base + d]!;
    any = true;
  }
  if (!any) return undefined;
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += sum[d]! * sum[d]!;
  norm = Math.sqrt(norm);
  if (norm === 0) return undefined;
  for (let d = 0; d < dims; d++) sum[d]! /= norm;
  return sum;
}

/** The cosine of two unit vectors from {@link textVector} (-1 to 1). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length; d++) dot += a[d]! * b[d]!;
  return dot;
}
