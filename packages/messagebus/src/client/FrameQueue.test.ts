import { describe, expect, it } from 'vitest';
import { FrameQueue } from './FrameQueue.js';

describe('FrameQueue', () => {
  it('keeps frames in order and drops the oldest when full', () => {
    const q = new FrameQueue(3);
    expect(['a', 'b', 'c'].map((f) => q.push(f))).toEqual([undefined, undefined, undefined]);
    expect(q.push('d')).toBe('a');
    expect(q.size).toBe(3);
    expect(q.drain()).toEqual(['b', 'c', 'd']);
    expect(q.size).toBe(0);
  });

  it('stays correct across many pushes (internal compaction)', () => {
    const q = new FrameQueue(10);
    for (let i = 0; i < 5000; i++) q.push(String(i));
    expect(q.drain()).toEqual(Array.from({ length: 10 }, (_, i) => String(4990 + i)));
  });

  it('with capacity 0 drops every frame; rejects bad capacities', () => {
    expect(new FrameQueue(0).push('x')).toBe('x');
    expect(() => new FrameQueue(-1)).toThrow(/maxQueue/);
  });
});
