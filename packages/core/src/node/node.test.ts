import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorText, isInside, isObject, MAX_TIMER_MS, timerDelay } from './index.js';

describe('the toolbox kit (@ovos-tools/core/node)', () => {
  it('isInside: the root itself and what lies beneath it, never a sibling that shares a prefix', () => {
    const root = path.resolve('/srv/root');
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, `${root}${path.sep}`)).toBe(true);
    expect(isInside(root, path.join(root, 'a', 'b.txt'))).toBe(true);
    expect(isInside(root, path.join(root, '..data'))).toBe(true); // a name starting with two dots is still inside
    expect(isInside(root, path.resolve('/srv/root2'))).toBe(false);
    expect(isInside(root, path.resolve('/srv'))).toBe(false);
    expect(isInside(root, path.join(root, '..', 'root2', 'x'))).toBe(false);
    expect(isInside(root, path.resolve('/etc/passwd'))).toBe(false);
  });

  it('timerDelay: what Node can time, undefined for no limit', () => {
    expect(timerDelay(1500)).toBe(1500);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(MAX_TIMER_MS - 1)).toBe(MAX_TIMER_MS - 1);
    for (const none of [undefined, Number.NaN, Infinity, MAX_TIMER_MS, 1e12]) expect(timerDelay(none)).toBeUndefined();
  });

  it('error texts and the plain-object check', () => {
    expect(errorText(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorText('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect([{}, { a: 1 }, Object.create(null)].every(isObject)).toBe(true);
    expect([null, [], 'x', 1, undefined].some(isObject)).toBe(false);
  });
});
