import { describe, expect, it } from 'vitest';
import { SearchReadiness } from './SearchReadiness.js';

describe('SearchReadiness', () => {
  it('resolves a wait once that generation or a later one is built, at once when it already is', async () => {
    const r = new SearchReadiness();
    const order: string[] = [];
    const two = r.whenBuilt(2, 60_000).then((b) => order.push(`2:${b}`));
    const three = r.whenBuilt(3, 60_000).then((b) => order.push(`3:${b}`));
    r.built(1);
    await Promise.resolve();
    expect(order).toEqual([]);
    r.built(2);
    await two;
    expect(order).toEqual(['2:true']);
    r.built(5); // a later generation's index serves: generation 3's wait is over too
    await three;
    expect(order).toEqual(['2:true', '3:true']);
    await expect(r.whenBuilt(4, 60_000)).resolves.toBe(true);
  });

  it('gives up after the timeout, answering false', async () => {
    await expect(new SearchReadiness().whenBuilt(1, 5)).resolves.toBe(false);
  });
});

describe('SearchReadiness busy', () => {
  it('is busy while the generation\'s index is not built, and right after a search', () => {
    const r = new SearchReadiness();
    expect(r.busy(1, 60_000)).toBe(true);
    r.built(1);
    expect(r.busy(1, 60_000)).toBe(false);
    r.searched();
    expect(r.busy(1, 60_000)).toBe(true);
    expect(r.busy(1, 0)).toBe(false);
  });
});
