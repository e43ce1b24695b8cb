import { Message } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { ResponseWaiters, type ResponseWaiter } from './ResponseWaiters.js';

/** A waiter that records how it was settled. */
function waiter(requestId: string, types: string[]): ResponseWaiter & { got: Array<string | null> } {
  const got: Array<string | null> = [];
  return { requestId, types, got, settle: (reply, reason) => void got.push(reply ? String(reply.data.n) : `null:${reason}`) };
}

describe('ResponseWaiters (the waiters behind every endpoint\'s waitForResponse)', () => {
  it('a reply with an id settles only the waiters of that id, each once, and removes them', () => {
    const ws = new ResponseWaiters();
    const a = waiter('a', ['q.response']);
    const a2 = waiter('a', ['q.response', 'q.failed']);
    const b = waiter('b', ['q.response']);
    for (const w of [a, a2, b]) ws.add(w);
    expect([ws.size, ws.awaits('q.failed'), ws.awaits('other')]).toEqual([3, true, false]);
    ws.dispatch(new Message('q.response', { n: 1 }, { request_id: 'a' }));
    ws.dispatch(new Message('q.failed', { n: 2 }, { request_id: 'a' }));
    expect([a.got, a2.got, b.got]).toEqual([['1'], ['1'], []]);
    expect([ws.size, ws.awaits('q.failed')]).toEqual([1, false]);
    ws.dispatch(new Message('q.response', { n: 3 }, { request_id: 'c' }));
    ws.dispatch(new Message('q.response', { n: 4 }, { request_id: 7 }));
    expect(b.got).toEqual([]);
  });

  it('a reply without an id answers every waiter of its type (OVOS); closeAll settles the rest with null', () => {
    const ws = new ResponseWaiters();
    const a = waiter('a', ['q.response']);
    const b = waiter('b', ['q.response']);
    const c = waiter('c', ['other.response']);
    for (const w of [a, b, c]) ws.add(w);
    ws.dispatch(new Message('q.response', { n: 5 }));
    expect([a.got, b.got, c.got]).toEqual([['5'], ['5'], []]);
    ws.remove(a); // already gone: ignored
    ws.closeAll();
    expect(c.got).toEqual(['null:closed']);
    expect(ws.size).toBe(0);
  });

  it('many waiters on one type (indexed by id past a handful) still get exactly their own reply', () => {
    const ws = new ResponseWaiters();
    const many = Array.from({ length: 20 }, (_, i) => waiter(`r${i}`, ['q.response']));
    const twin = waiter('r3', ['q.response']);
    for (const w of [...many, twin]) ws.add(w);
    for (const i of [3, 0, 19]) ws.dispatch(new Message('q.response', { n: i }, { request_id: `r${i}` }));
    expect(many.map((w) => w.got.length)).toEqual(many.map((_, i) => ([0, 3, 19].includes(i) ? 1 : 0)));
    expect([many[3]!.got, twin.got, ws.size]).toEqual([['3'], ['3'], 17]);
    ws.dispatch(new Message('q.response', { n: 9 }));
    expect(many.every((w) => w.got.length === 1)).toBe(true);
    expect([ws.size, ws.awaits('q.response')]).toEqual([0, false]);
  });
});
