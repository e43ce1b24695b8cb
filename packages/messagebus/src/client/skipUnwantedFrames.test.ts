import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unmaskedFrameHeader } from '../socket/frameHeader.js';
import { leadingType } from '../socket/leadingType.js';
import { PEEK_BYTES, SKIPPABLE_PAYLOAD_BYTES, skipUnwantedFrames } from './skipUnwantedFrames.js';

/** An unmasked server frame (RFC 6455 §5.2) carrying a whole message. */
const serverFrame = (payload: Buffer, binary = false) => Buffer.concat([unmaskedFrameHeader(payload.length, binary), payload]);

/** A frame header without FIN (the first fragment of a longer message) or with another opcode. */
function rawHeader(first: number, length: number): Buffer {
  const h = unmaskedFrameHeader(length, false);
  h[0] = first;
  return h;
}

const message = (type: string, n: number) => Buffer.from(`{"type":"${type}","data":{"s":"${'é'.repeat(n / 2)}"}}`);

/** Feeds `bytes` to a skipper in pieces cut by `cut`; returns what reached ws's reader, and how many were skipped. */
function feed(bytes: Buffer, cut: () => number, wanted = new Set(['wanted'])) {
  const socket = new PassThrough();
  const toWs: Buffer[] = [];
  const reader = (chunk: Buffer) => toWs.push(Buffer.from(chunk)); // stands for ws's reader
  socket.on('data', reader);
  const heads: number[] = [];
  const skipper = skipUnwantedFrames(
    socket,
    (head, length) => {
      heads.push(head.length, length);
      return wanted.has(leadingType(head) ?? 'wanted');
    },
    16 * 1024 * 1024,
  );
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, Math.min(cut(), bytes.length - i));
    socket.emit('data', Buffer.from(bytes.subarray(i, i + n)));
    i += n;
  }
  return { toWs: Buffer.concat(toWs), chunks: toWs, skipped: skipper.skipped, heads, socket, reader };
}

describe('skipping large frames a client does not want', () => {
  it('drops a large frame of an unwanted type unread and hands everything else to ws unchanged, in order, however the stream is cut', () => {
    const small = serverFrame(Buffer.from('{"type":"a","data":{}}'));
    const unwanted = serverFrame(message('flood', SKIPPABLE_PAYLOAD_BYTES + 10));
    const wanted = serverFrame(message('wanted', SKIPPABLE_PAYLOAD_BYTES + 10));
    const untyped = serverFrame(Buffer.from(`[${'1,'.repeat(SKIPPABLE_PAYLOAD_BYTES)}1]`));
    const binary = serverFrame(randomBytes(SKIPPABLE_PAYLOAD_BYTES + 5), true);
    const medium = serverFrame(message('flood', SKIPPABLE_PAYLOAD_BYTES - 100)); // not large: ws reads it as usual
    const fragment = Buffer.concat([rawHeader(0x01, SKIPPABLE_PAYLOAD_BYTES + 1), Buffer.alloc(SKIPPABLE_PAYLOAD_BYTES + 1, 0x61)]);
    const last = Buffer.concat([rawHeader(0x80, 3), Buffer.from('abc')]);
    const ping = Buffer.from([0x89, 0x00]);
    const stream = Buffer.concat([small, unwanted, ping, wanted, small, untyped, unwanted, unwanted, medium, fragment, last, binary, small]);
    const expected = Buffer.concat([small, ping, wanted, small, untyped, medium, fragment, last, binary, small]);
    for (const cut of [() => 1 + Math.floor(Math.random() * 9), () => 1 + Math.floor(Math.random() * 70_000), () => 65536, () => PEEK_BYTES, () => stream.length]) {
      const { toWs, skipped, heads } = feed(stream, cut, new Set(['wanted', 'binary']));
      expect(toWs.equals(expected)).toBe(true);
      expect(skipped).toBe(3);
      // decided on the first PEEK_BYTES of each large whole message, knowing its length
      expect(heads.filter((_, i) => i % 2 === 0).every((n) => n === PEEK_BYTES)).toBe(true);
      expect(heads.length).toBe(2 * 6);
    }
  }, 60_000);

  it('gives a stream that is not a server’s (a masked frame) to ws as it comes, and stops handing on once ws removes its reader', () => {
    const masked = Buffer.concat([Buffer.from([0x81, 0x80 | 3]), randomBytes(4), Buffer.from('abc')]);
    const unwanted = serverFrame(message('flood', SKIPPABLE_PAYLOAD_BYTES + 10));
    const { toWs, skipped } = feed(Buffer.concat([masked, unwanted]), () => 1000);
    expect(toWs.equals(Buffer.concat([masked, unwanted]))).toBe(true);
    expect(skipped).toBe(0);

    const run = feed(serverFrame(Buffer.from('{"type":"a"}')), () => 1000);
    run.socket.removeListener('data', run.reader); // what ws does on close
    run.socket.emit('data', serverFrame(Buffer.from('{"type":"b"}')));
    expect(Buffer.concat(run.chunks).equals(serverFrame(Buffer.from('{"type":"a"}')))).toBe(true);
    expect(run.socket.listenerCount('data')).toBe(1); // the skipper's own
  });
});
