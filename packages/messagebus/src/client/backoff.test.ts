import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff.js';

describe('reconnectDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    const mid = () => 0.5; // no jitter offset
    expect([0, 1, 2, 3, 4, 5, 10, 100].map((a) => reconnectDelay(a, {}, mid))).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(reconnectDelay(3, { initialDelayMs: 10, maxDelayMs: 50 }, mid)).toBe(50);
  });

  it('spreads by ±jitter and never exceeds the cap', () => {
    expect(reconnectDelay(0, { jitter: 0.2 }, () => 0)).toBe(200);
    expect(reconnectDelay(0, { jitter: 0.2 }, () => 0.999999)).toBe(300);
    expect(reconnectDelay(10, { jitter: 0.5 }, () => 0.999999)).toBe(5000);
    expect(reconnectDelay(10, { jitter: 0.5 }, () => 0)).toBe(2500);
    expect(reconnectDelay(0, { jitter: 0 }, Math.random)).toBe(250);
  });
});
