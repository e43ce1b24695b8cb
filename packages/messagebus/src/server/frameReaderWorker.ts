// The large-frame reader's worker (see LargeFrameReader): gathers one frame's pieces, then decodes, checks and
// parses it with core's `Message.deserialize`, off the bus's thread. One frame at a time, in the order asked.
import { parentPort } from 'node:worker_threads';
import { MalformedMessageError, Message, type FrameLimits } from '@ovos-tools/core';
import type { ReaderAnswer, ReaderAsk } from './LargeFrameReader.js';

let frame: { id: number; bytes: Buffer; filled: number; limits: FrameLimits } | undefined;

/** Reads one whole frame: the message's parts, or why it was refused (with the request rebuilt when it can be). */
function read(bytes: Buffer, limits: FrameLimits): Omit<ReaderAnswer, 'id'> {
  try {
    const m = Message.deserialize(bytes, limits);
    return { message: { type: m.type, data: m.data, context: m.context } };
  } catch (err) {
    const error = err instanceof MalformedMessageError ? err : new MalformedMessageError(`frame could not be read: ${(err as Error).message}`);
    const r = error.request;
    return { refusal: error.message, ...(r ? { request: { type: r.type, data: r.data, context: r.context } } : {}) };
  }
}

parentPort!.on('message', (ask: ReaderAsk) => {
  if ('length' in ask) {
    frame = { id: ask.id, bytes: Buffer.allocUnsafe(ask.length), filled: 0, limits: ask.limits };
    return;
  }
  if (!frame || frame.id !== ask.id) return;
  frame.bytes.set(ask.piece, frame.filled);
  frame.filled += ask.piece.length;
  if (frame.filled < frame.bytes.length) return;
  const { id, bytes, limits } = frame;
  frame = undefined;
  parentPort!.postMessage({ id, ...read(bytes, limits) } satisfies ReaderAnswer);
});
