import { frameTypePrefix } from '@ovos-tools/core';

/** Bytes decoded to read a frame's leading type: enough for `{"type":"` and a 512-character type. */
const HEAD_BYTES = 2048;

/**
 * The message type a received frame starts with (`{"type":"…"`, core's `frameTypePrefix`), read from its first
 * 2 KiB only, so a frame's size does not matter; `undefined` when it does not start that way (then it must be parsed
 * to know). Frames emitted in this process carry their type and never need this.
 */
export function leadingType(frame: string | Buffer): string | undefined {
  if (typeof frame === 'string') return frameTypePrefix(frame);
  return frameTypePrefix(frame.toString('utf8', 0, Math.min(frame.length, HEAD_BYTES)));
}

/** The first 2 KiB of a frame that arrived in pieces (all of it when shorter): enough for {@link leadingType}. */
export function frameHead(frame: { chunks: readonly Buffer[] }): Buffer {
  const first = frame.chunks[0];
  if (first && first.length >= HEAD_BYTES) return first.subarray(0, HEAD_BYTES);
  const parts: Buffer[] = [];
  let n = 0;
  for (const chunk of frame.chunks) {
    if (n >= HEAD_BYTES) break;
    parts.push(chunk.subarray(0, HEAD_BYTES - n));
    n += parts.at(-1)!.length;
  }
  return Buffer.concat(parts, n);
}

/** A frame's first 200 characters, for a log line. */
export function leadingText(frame: string | Buffer): string {
  return typeof frame === 'string' ? frame.slice(0, 200) : frame.toString('utf8', 0, Math.min(frame.length, 200));
}
