import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { batchingPoster, forEachMessage } from './batching.js';

const tick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('batchingPoster', () => {
  test('the first message of a turn goes out at once; the rest of the turn follow as one batch, in order', async () => {
    const posted: unknown[] = [];
    const post = batchingPoster<number>((m) => posted.push(m));
    post(1);
    expect(posted).toEqual([1]);
    post(2);
    post(3);
    post(4);
    expect(posted).toEqual([1]);
    await tick();
    expect(posted).toEqual([1, { t: 'batch', messages: [2, 3, 4] }]);
    post(5); // a new turn: at once again
    expect(posted.at(-1)).toBe(5);
  });

  test('a lone follower is posted as it is, not wrapped', async () => {
    const posted: unknown[] = [];
    const post = batchingPoster<string>((m) => posted.push(m));
    post('a');
    post('b');
    await tick();
    expect(posted).toEqual(['a', 'b']);
  });

  test('a message that cannot be cloned fails alone: its unsent callback gets the error, the others arrive', async () => {
    const { port1, port2 } = new MessageChannel();
    const failed: string[] = [];
    const post = batchingPoster<{ id: number; value: unknown }>((m) => port1.postMessage(m));
    post({ id: 1, value: () => 1 }, (err) => failed.push(`1: ${(err as Error).name}`));
    post({ id: 2, value: 'ok' }, () => failed.push('2'));
    post({ id: 3, value: Symbol('no') }, (err) => failed.push(`3: ${(err as Error).name}`));
    post({ id: 4, value: 'ok' }, () => failed.push('4'));
    expect(failed).toEqual([]); // never called from inside post
    await tick();
    await tick();
    expect(failed).toEqual(['1: DataCloneError', '3: DataCloneError']);
    const ids: number[] = [];
    for (let r = receiveMessageOnPort(port2); r; r = receiveMessageOnPort(port2)) forEachMessage(r.message, (m) => ids.push((m as { id: number }).id));
    expect(ids).toEqual([2, 4]);
    port1.close();
  });
});

describe('forEachMessage', () => {
  test('unpacks a batch in order and passes anything else through, garbage included', () => {
    const seen: unknown[] = [];
    forEachMessage({ t: 'batch', messages: [{ t: 'a' }, { t: 'b' }] }, (m) => seen.push(m));
    forEachMessage({ t: 'result', id: 1 }, (m) => seen.push(m));
    forEachMessage({ t: 'batch', messages: 'not a list' }, (m) => seen.push(m));
    forEachMessage(null, (m) => seen.push(m));
    expect(seen).toEqual([{ t: 'a' }, { t: 'b' }, { t: 'result', id: 1 }, { t: 'batch', messages: 'not a list' }, null]);
  });
});
