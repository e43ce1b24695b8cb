/**
 * A job's texts to embed, shared by two threads without a message between them: positions `0 … length-1` of its
 * list (shortest text first), taken from the front by the search worker and from the back by its helper, in batches,
 * until the two ends meet. Both ends live in one 64-bit word of a `SharedArrayBuffer` (front in the high 32 bits, back
 * in the low 32), changed by compare-and-swap, so no position is taken twice and none is skipped.
 */

const LOW = 0xffffffffn;

/** A new shared list of `length` positions, none taken. */
export function textClaims(length: number): BigInt64Array {
  const claims = new BigInt64Array(new SharedArrayBuffer(8));
  claims[0] = BigInt(length);
  return claims;
}

/** Where the back end stands: positions from it on were taken from the back. */
export function claimedBack(claims: BigInt64Array): number {
  return Number(Atomics.load(claims, 0) & LOW);
}

/** Takes up to `count` positions from the front: `[from, to)`, or `undefined` when none is left. */
export function claimFront(claims: BigInt64Array, count: number): [number, number] | undefined {
  return claim(claims, count, false);
}

/** Takes up to `count` positions from the back: `[from, to)`, or `undefined` when none is left. */
export function claimBack(claims: BigInt64Array, count: number): [number, number] | undefined {
  return claim(claims, count, true);
}

function claim(claims: BigInt64Array, count: number, fromBack: boolean): [number, number] | undefined {
  for (;;) {
    const word = Atomics.load(claims, 0);
    const front = Number(word >> 32n);
    const back = Number(word & LOW);
    if (front >= back) return undefined;
    const [from, to] = fromBack ? [Math.max(front, back - count), back] : [front, Math.min(back, front + count)];
    const next = fromBack ? (BigInt(front) << 32n) | BigInt(from) : (BigInt(to) << 32n) | BigInt(back);
    if (Atomics.compareExchange(claims, 0, word, next) === word) return [from, to];
  }
}
