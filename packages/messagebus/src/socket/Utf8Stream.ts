import { isUtf8 } from 'node:buffer';

/** How many bytes the UTF-8 sequence led by `lead` takes (1 for ASCII and for bytes that cannot lead one). */
function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/** Where the last, incomplete, sequence of `buf` starts (`buf.length` when it ends on a whole sequence). */
function completeLength(buf: Buffer): number {
  for (let k = buf.length - 1; k >= Math.max(0, buf.length - 3); k--) {
    const b = buf[k]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    return buf.length - k < sequenceLength(b) ? k : buf.length;
  }
  return buf.length;
}

/**
 * Checks that a text arriving in pieces is valid UTF-8 (what `ws` checks of a whole text frame, RFC 6455 §8.1),
 * piece by piece: a sequence split between two pieces is checked once both are in. Node's `isUtf8` does the work.
 */
export class Utf8Stream {
  private carry: Buffer | undefined;

  /** Checks the next piece; `false` once the text seen so far cannot be UTF-8 (then stop pushing). */
  push(piece: Buffer): boolean {
    let rest = piece;
    if (this.carry) {
      const need = sequenceLength(this.carry[0]!) - this.carry.length;
      const joined = Buffer.concat([this.carry, rest.subarray(0, need)]);
      rest = rest.subarray(need);
      if (joined.length < sequenceLength(joined[0]!)) {
        this.carry = joined; // still incomplete: the piece was tiny
        return true;
      }
      this.carry = undefined;
      if (!isUtf8(joined)) return false;
    }
    const cut = completeLength(rest);
    if (cut < rest.length) this.carry = Buffer.from(rest.subarray(cut));
    return isUtf8(rest.subarray(0, cut));
  }

  /** Whether the text ended on a whole sequence (call once the last piece was pushed). */
  end(): boolean {
    return this.carry === undefined;
  }
}
