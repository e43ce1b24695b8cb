import { DEFAULT_FRAME_LIMITS, MalformedMessageError, Message } from '@ovos-tools/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LargeFrameReader } from './LargeFrameReader.js';

const readers: LargeFrameReader[] = [];
afterEach(() => readers.splice(0).forEach((r) => r.close()));

/** `text` as the pieces a socket would deliver it in (64 KiB each). */
function pieces(text: string): { chunks: Buffer[]; length: number } {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  return { chunks, length: bytes.length };
}

describe('LargeFrameReader (a worker reads big frames, in order)', () => {
  it('answers each frame in the order given: the message, or the refusal with the request rebuilt', async () => {
    const reader = new LargeFrameReader(DEFAULT_FRAME_LIMITS);
    readers.push(reader);
    const ok = pieces(`{"type":"job","data":{"s":"${'é'.repeat(700_000)}"},"context":{"request_id":"r1"}}`);
    const tooMany = pieces(`{"type":"job","data":{"name":"x","n":[${Array(300_000).fill(1).join(',')}]},"context":{"request_id":"r2"}}`);
    const notJson = pieces(`{"type":"job","data":{"s":"${'x'.repeat(400_000)}"`);
    const [a, b, c] = await Promise.all([reader.read(ok.chunks, ok.length), reader.read(tooMany.chunks, tooMany.length), reader.read(notJson.chunks, notJson.length)]);
    expect(a).toBeInstanceOf(Message);
    expect((a as Message).data.s).toBe('é'.repeat(700_000));
    expect(b).toBeInstanceOf(MalformedMessageError);
    expect((b as MalformedMessageError).message).toMatch(/JSON values/);
    expect((b as MalformedMessageError).request?.context.request_id).toBe('r2');
    expect(c).toBeInstanceOf(MalformedMessageError);
    expect((c as MalformedMessageError).message).toMatch(/not valid JSON/);
  });

  it('refuses as unreadable what it still holds when closed, and never throws', async () => {
    const reader = new LargeFrameReader(DEFAULT_FRAME_LIMITS);
    const big = pieces(`{"type":"job","data":{"s":"${'y'.repeat(3_000_000)}"}}`);
    const pending = reader.read(big.chunks, big.length);
    reader.close();
    const result = await pending;
    expect(result).toBeInstanceOf(MalformedMessageError);
    expect((result as MalformedMessageError).message).toMatch(/could not be read: the bus client closed/);
  });
});
