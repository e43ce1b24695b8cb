import { expect, test } from 'vitest';
import { MISSES_BEFORE_SKIPPING, PROBE_EVERY, WaitPolicy } from './waitPolicy.js';

test('searches wait until the model missed three requests in a row; then, while it is busy, all but one in eight skip; one in time ends it', () => {
  const w = new WaitPolicy();
  for (let i = 0; i < MISSES_BEFORE_SKIPPING; i++) {
    expect(w.skip(true)).toBe(false);
    w.missed();
  }
  expect(w.skip(false)).toBe(false); // the worker answered everything: wait, it has a fair chance
  const decisions = Array.from({ length: 2 * PROBE_EVERY }, () => w.skip(true));
  expect(decisions.filter((s) => !s)).toHaveLength(2);
  expect(decisions[PROBE_EVERY - 1]).toBe(false);
  expect(w.skipped).toBe(2 * PROBE_EVERY - 2);
  w.reset();
  expect(w.streak).toBe(0);
  expect(w.skip(true)).toBe(false);
});
