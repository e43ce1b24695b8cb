// The large-frame reader's worker (see LargeFrameReader): decodes, checks and parses each frame it is handed (the
// first `length` bytes of a shared buffer) with core's `Message.deserialize`, off the bus's thread. One frame at a
// time, in the order asked; the bus thread reuses the buffer once the answer is back.
import { parentPort } from 'node:worker_threads';
import { MalformedMessageError, Message, type FrameLimits } from '@ovos-tools/core';
import type { ReaderAnswer, ReaderAsk } from './LargeFrameReader.js';

/** Reads one whole frame: the message's parts, or why it was refused (with the request rebuilt when it can be). */
function read(bytes: Uint8Array, limits: FrameLimits): Omit<ReaderAnswer, 'id'> {
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
  const answer = read(new Uint8Array(ask.bytes, 0, ask.length), ask.limits);
  parentPort!.postMessage({ id: ask.id, ...answer } satisfies ReaderAnswer);
});
