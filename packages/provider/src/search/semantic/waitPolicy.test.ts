import type { Logger } from '@ovos-tools/core';
import { expect, test } from 'vitest';
import { MISSES_BEFORE_SKIPPING, PROBE_EVERY, WaitPolicy } from './waitPolicy.js';

test('searches wait until the model missed three requests in a row; then, while it is busy, all but one in eight skip; one in time ends it', () => {
  const lines: string[] = [];
  const w = new WaitPolicy({ debug() {}, info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m), error() {} } as Logger, 80);
  for (let i = 0; i < MISSES_BEFORE_SKIPPING; i++) {
    expect(w.skip(true)).toBe(false);
    w.missed();
  }
  expect(w.skip(false)).toBe(false); // the worker answered everything: wait, it has a fair chance
  const decisions = Array.from({ length: 2 * PROBE_EVERY }, () => w.skip(true));
  expect(decisions.filter((s) => !s)).toHaveLength(2);
  expect(decisions[PROBE_EVERY - 1]).toBe(false);
  expect(w.skipped).toBe(2 * PROBE_EVERY - 2);
  expect(lines).toEqual([expect.stringContaining('within 80 ms'), expect.stringContaining('searches stop waiting for it')]);
  w.reset();
  expect(w.streak).toBe(0);
  expect(w.skip(true)).toBe(false);
});
