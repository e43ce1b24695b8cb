import { describe, expect, it } from 'vitest';
import { OWN_FRAME_MAX_CHARS, OwnFrames } from './OwnFrames.js';

describe('OwnFrames', () => {
  it('matches the oldest frame still expected back, in order, and nothing else', () => {
    const own = new OwnFrames();
    own.record('{"type":"a"}', 'a');
    own.record('{"type":"b"}', 'b');
    expect(own.match('{"type":"b"}')).toBeUndefined(); // not the oldest: someone else's frame as far as we know
    expect(own.match('{"type":"other"}')).toBeUndefined();
    expect(own.match('{"type":"a"}')).toBe('a');
    expect(own.match('{"type":"a"}')).toBeUndefined(); // matched once only
    expect(own.match('{"type":"b"}')).toBe('b');
  });

  it('forgets the oldest beyond its capacity, and everything on clear', () => {
    const own = new OwnFrames(2);
    own.record('1', 'one');
    own.record('2', 'two');
    own.record('3', 'three');
    expect(own.match('1')).toBeUndefined();
    expect(own.match('2')).toBe('two');
    own.clear();
    expect(own.match('3')).toBeUndefined();
  });
});

describe('OwnFrames memory', () => {
  it('does not remember frames above OWN_FRAME_MAX_CHARS (their echo is simply parsed)', () => {
    const own = new OwnFrames();
    const big = 'x'.repeat(OWN_FRAME_MAX_CHARS + 1);
    own.record(big, 'big');
    own.record('small', 'small');
    expect(own.match(big)).toBeUndefined();
    expect(own.match('small')).toBe('small');
  });
});
