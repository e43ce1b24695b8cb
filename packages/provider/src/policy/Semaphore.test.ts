import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './Semaphore.js';

describe('Semaphore', () => {
  it('tryAcquire takes free slots without a promise and gives undefined when all are taken', () => {
    const s = new Semaphore(2, 1, 'test limit');
    const a = s.tryAcquire();
    const b = s.tryAcquire();
    expect(typeof a).toBe('function');
    expect(typeof b).toBe('function');
    expect(s.tryAcquire()).toBeUndefined();
    expect(s.running).toBe(2);
    a!();
    a!(); // idempotent
    expect(s.running).toBe(1);
    expect(typeof s.tryAcquire()).toBe('function');
  });

  it('a freed slot goes to the oldest waiter, never to a later tryAcquire; a full queue is refused', async () => {
    const s = new Semaphore(1, 1, 'test limit');
    const first = s.tryAcquire()!;
    const order: string[] = [];
    const waiting = s.acquire().then((release) => {
      order.push('waiter');
      return release;
    });
    await expect(s.acquire()).rejects.toBeInstanceOf(QueueFullError);
    first();
    expect(s.tryAcquire()).toBeUndefined(); // handed to the waiter, not free
    const release = await waiting;
    expect(order).toEqual(['waiter']);
    expect(s.waiting).toBe(0);
    release();
    expect(s.running).toBe(0);
  });

  it('resize: more slots start waiters at once; fewer slots take effect as running calls end', async () => {
    const s = new Semaphore(1, 10, 'test limit');
    const first = s.tryAcquire()!;
    const started: number[] = [];
    const waiters = [1, 2, 3].map((n) => s.acquire().then((release) => (started.push(n), release)));
    s.resize(3, 10);
    const [r1, r2] = await Promise.all([waiters[0]!, waiters[1]!]);
    expect(started).toEqual([1, 2]);
    expect(s.running).toBe(3);
    s.resize(1, 10);
    first();
    r1();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2]); // still 1 running (2), at the new limit of 1
    r2();
    const r3 = await waiters[2]!;
    expect(started).toEqual([1, 2, 3]);
    expect(s.running).toBe(1);
    r3();
    expect(s.running).toBe(0);
    expect(s.limit).toBe(1);
  });
});
