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
});
