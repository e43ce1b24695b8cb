import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unmaskInPlace } from '../socket/unmaskInPlace.js';
import { Utf8Stream } from '../socket/Utf8Stream.js';
import { GATHERED_PAYLOAD_BYTES, gateLargeFrames, type LargeFrame } from './LargeFrameGate.js';

/** A masked client frame (RFC 6455 §5.2) carrying `payload`. */
function clientFrame(payload: Buffer, opcode = 1, fin = true): Buffer {
  const mask = randomBytes(4);
  const n = payload.length;
  const first = (fin ? 0x80 : 0) | opcode;
  let head: Buffer;
  if (n < 126) head = Buffer.from([first, 0x80 | n]);
  else if (n < 65536) head = Buffer.from([first, 0x80 | 126, n >> 8, n & 255]);
  else {
    head = Buffer.alloc(10);
    head[0] = first;
    head[1] = 0x80 | 127;
    head.writeUInt32BE(n >>> 0, 6);
  }
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i & 3]!));
  return Buffer.concat([head, mask, masked]);
}

/** Feeds `bytes` to a gate in pieces cut by `cut` (size of the next piece); returns what went to ws and to the sink. */
function feed(bytes: Buffer, cut: () => number, streaming = true) {
  const socket = new PassThrough();
  const toWs: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => toWs.push(Buffer.from(chunk))); // stands for ws's reader
  const gate = gateLargeFrames(socket, 16 * 1024 * 1024, () => true);
  const large: LargeFrame[] = [];
  const invalid: string[] = [];
  if (streaming) gate.streamTo({ frame: (f) => large.push(f), invalid: (r) => invalid.push(r) });
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, Math.min(cut(), bytes.length - i));
    socket.emit('data', Buffer.from(bytes.subarray(i, i + n)));
    i += n;
  }
  return { toWs: Buffer.concat(toWs), large, invalid };
}

const text = (n: number) => Buffer.from('{"type":"big","data":{"s":"' + 'aé€😀'.repeat(Math.ceil(n / 10)).slice(0, n) + '"}}');

describe('the large-frame gate', () => {
  it('hands small frames to ws unchanged and large whole ones to the sink unmasked, in order, however the stream is cut', () => {
    const small1 = clientFrame(Buffer.from('{"type":"a"}'));
    const small2 = clientFrame(Buffer.from('x'.repeat(300)));
    const close = clientFrame(Buffer.from([0x03, 0xe8]), 0x8);
    const big = text(GATHERED_PAYLOAD_BYTES + 1234);
    const bin = randomBytes(200_000);
    const stream = Buffer.concat([small1, clientFrame(big), small2, clientFrame(bin, 2), small1, close, small2]);
    for (const cut of [() => 1, () => 7, () => 1 + Math.floor(Math.random() * 5000), () => 65536, () => stream.length]) {
      const { toWs, large, invalid } = feed(stream, cut);
      expect(invalid).toEqual([]);
      // what follows the close frame is not read, as ws does
      expect(toWs.equals(Buffer.concat([small1, small2, small1, close]))).toBe(true);
      expect(large.map((f) => [Buffer.concat(f.chunks).equals(f === large[0] ? big : bin), f.length, f.binary])).toEqual([
        [true, big.length, false],
        [true, bin.length, true],
      ]);
    }
  });

  it('before streaming (and for fragments) hands a large frame to ws whole, unmasked, with a zero mask', () => {
    const big = text(100_000);
    const frame = clientFrame(big);
    const { toWs, large } = feed(frame, () => 4096, false);
    expect(large).toEqual([]);
    const headerLength = frame.length - big.length;
    expect(toWs.subarray(0, headerLength - 4).equals(frame.subarray(0, headerLength - 4))).toBe(true);
    expect(toWs.subarray(headerLength - 4, headerLength).equals(Buffer.alloc(4))).toBe(true);
    expect(toWs.subarray(headerLength).equals(big)).toBe(true);
    // a large fragment of a longer message goes to ws too, even when streaming
    const fragments = Buffer.concat([clientFrame(big, 1, false), clientFrame(Buffer.from('end'), 0, true)]);
    const f = feed(fragments, () => 65536);
    expect(f.large).toEqual([]);
    expect(f.toWs.length).toBe(fragments.length);
  });

  it('refuses a large text frame that is not UTF-8 and reads nothing after it; leaves unmasked and oversized frames to ws', () => {
    const bad = Buffer.concat([text(80_000), Buffer.from([0xc3, 0x28]), text(10)]);
    const after = clientFrame(Buffer.from('{"type":"after"}'));
    const r = feed(Buffer.concat([clientFrame(bad), after]), () => 1000);
    expect(r.invalid).toEqual(['a text frame that is not valid UTF-8']);
    expect(r.large).toEqual([]);
    expect(r.toWs.length).toBe(0);
    const cut = Buffer.concat([text(80_000), Buffer.from([0xe2, 0x82])]); // ends inside a sequence
    expect(feed(clientFrame(cut), () => 3000).invalid).toEqual(['a text frame that ends inside a UTF-8 sequence']);
    const unmasked = Buffer.concat([Buffer.from([0x81, 126, 0x01, 0x00]), Buffer.alloc(256, 0x61)]);
    const u = feed(Buffer.concat([unmasked, after]), () => 100);
    expect(u.toWs.equals(Buffer.concat([unmasked, after]))).toBe(true); // ws refuses it with 1002 itself
  });
});

describe('the large-frame gate on a real socket', () => {
  it('reads a large frame a chunk or two per turn of the event loop (not libuv’s 2 MiB at once), whole and in order', async () => {
    const frames = [text(6 * 1024 * 1024), text(3 * 1024 * 1024)];
    let turnChunks = 0;
    let mostPerTurn = 0;
    let ticking = true;
    const tick = () => {
      turnChunks = 0;
      if (ticking) setImmediate(tick);
    };
    tick();
    const large: Buffer[] = [];
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = createConnection((server.address() as { port: number }).port, '127.0.0.1');
    const socket = await accepted;
    socket.on('data', () => undefined); // stands for ws's reader
    const done = new Promise<void>((resolve) => {
      gateLargeFrames(socket, 16 * 1024 * 1024, () => true).streamTo({
        frame: (f) => void (large.push(Buffer.concat(f.chunks)), large.length === frames.length && resolve()),
        invalid: () => undefined,
      });
    });
    socket.on('data', () => void (mostPerTurn = Math.max(mostPerTurn, ++turnChunks))); // after the gate's own listener
    // the frames wait in the kernel's buffers (megabytes on loopback) until the server reads: then it always has data
    socket.pause();
    client.write(Buffer.concat(frames.map((f) => clientFrame(f))));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.resume();
    await done;
    ticking = false;
    client.destroy();
    socket.destroy();
    server.close();
    expect(large.map((f, i) => f.equals(frames[i]!))).toEqual([true, true]);
    // without yielding, a socket that always has data is read 32 chunks at a time (libuv's limit per wake-up)
    expect(mostPerTurn).toBeLessThanOrEqual(8);
  }, 60_000);
});

describe('unmaskInPlace and Utf8Stream', () => {
  it('unmask piece by piece at any alignment equals unmasking at once', () => {
    const mask = randomBytes(4);
    const data = randomBytes(10_000);
    const once = Buffer.from(data.map((b, i) => b ^ mask[i & 3]!));
    const backing = Buffer.alloc(data.length + 3);
    for (const shift of [0, 1, 2, 3]) {
      const view = backing.subarray(shift, shift + data.length);
      data.copy(view);
      for (let at = 0; at < view.length; ) {
        const n = Math.min(view.length - at, 1 + Math.floor(Math.random() * 97));
        unmaskInPlace(view.subarray(at, at + n), mask, at);
        at += n;
      }
      expect(view.equals(once)).toBe(true);
    }
  });

  it('accepts valid UTF-8 however it is cut and refuses invalid or truncated text', () => {
    const good = Buffer.from('ascii é € 😀 '.repeat(500));
    for (const size of [1, 2, 3, 5, 64]) {
      const s = new Utf8Stream();
      let ok = true;
      for (let i = 0; i < good.length; i += size) ok &&= s.push(good.subarray(i, i + size));
      expect(ok && s.end()).toBe(true);
    }
    const bad = new Utf8Stream();
    expect(bad.push(Buffer.from([0x61, 0xed, 0xa0]))).toBe(true); // a surrogate, split
    expect(bad.push(Buffer.from([0x80, 0x61]))).toBe(false);
    const truncated = new Utf8Stream();
    expect(truncated.push(Buffer.from([0x61, 0xf0, 0x9f]))).toBe(true);
    expect(truncated.end()).toBe(false);
  });
});
