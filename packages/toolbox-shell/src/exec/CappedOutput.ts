/**
 * Collects a child's output stream up to `maxBytes`, counting (but dropping) the rest so the child never
 * blocks on a full pipe.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  /** Every byte received, kept or not. */
  total = 0;

  constructor(private readonly maxBytes: number) {}

  /** Adds a chunk; bytes beyond the cap are counted and dropped. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.maxBytes - this.kept;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }

  /** True when bytes were dropped. */
  get truncated(): boolean {
    return this.total > this.kept;
  }

  /**
   * The kept bytes as UTF-8 (invalid sequences become U+FFFD; a character cut by the cap is dropped),
   * followed, when bytes were dropped, by `\n[output truncated: showing the first N of M bytes]`.
   */
  text(): string {
    let buf = Buffer.concat(this.chunks);
    if (!this.truncated) return buf.toString('utf8');
    buf = buf.subarray(0, completeUtf8Length(buf));
    return `${buf.toString('utf8')}\n[output truncated: showing the first ${buf.length} of ${this.total} bytes]`;
  }
}

/** The length of `buf` without a trailing, incomplete UTF-8 sequence. */
function completeUtf8Length(buf: Buffer): number {
  let i = buf.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (buf[i]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return buf.length;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return buf.length - i < need ? i : buf.length;
}
