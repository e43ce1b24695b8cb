/**
 * Moves a byte offset forward to the start of the next UTF-8 character when it points into the middle of
 * one (at a continuation byte `10xxxxxx`), at most 3 bytes. `buf` holds the bytes starting at `offset`.
 * @returns how many leading bytes of `buf` to skip.
 */
export function skipContinuation(buf: Uint8Array): number {
  let i = 0;
  while (i < 3 && i < buf.length && (buf[i]! & 0xc0) === 0x80) i++;
  return i;
}

/**
 * How many bytes of `buf` end on a complete UTF-8 character: drops an incomplete multi-byte sequence cut at
 * the end (so a window never ends in half a character).
 */
export function completeLength(buf: Uint8Array): number {
  const n = buf.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = buf[n - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}
