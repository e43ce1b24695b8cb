import { MathToolBox } from '@ovos-tools/toolbox-math';
import { afterAll, describe, expect, it } from 'vitest';

const tb = new MathToolBox({});
afterAll(() => tb.close());

const summary = (numbers: unknown) => tb.callTool('statistics_summary', { numbers });

describe('statistics_summary (wire spec §5.5)', () => {
  it('summarises a list (Python statistics: sample stdev)', async () => {
    expect(await summary([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({
      count: 8,
      mean: 5,
      median: 4.5,
      stdev: 2.138089935299395,
      minimum: 2,
      maximum: 9,
      total: 40,
      error: null,
    });
  });

  it('an empty list gives zeros, stdev null and "Empty list provided."', async () => {
    expect(await summary([])).toEqual({ count: 0, mean: 0, median: 0, stdev: null, minimum: 0, maximum: 0, total: 0, error: 'Empty list provided.' });
  });

  it('one value: stdev null (n < 2)', async () => {
    expect(await summary([42])).toEqual({ count: 1, mean: 42, median: 42, stdev: null, minimum: 42, maximum: 42, total: 42, error: null });
  });

  it('negative values and odd counts', async () => {
    const out = await summary([-5, -1, -3]);
    expect(out).toMatchObject({ count: 3, mean: -3, median: -3, minimum: -5, maximum: -1, total: -9, stdev: 2 });
  });

  it('floats', async () => {
    const out = await summary([0.1, 0.2, 0.3, 0.4]);
    expect(out.mean as number).toBeCloseTo(0.25, 15);
    expect(out.median as number).toBeCloseTo(0.25, 15);
    expect(out.stdev as number).toBeCloseTo(0.12909944487358058, 14);
    expect(out.total as number).toBeCloseTo(1, 15);
  });

  it('a large list (200,000 values)', async () => {
    const numbers = Array.from({ length: 200_000 }, (_, i) => i + 1);
    const out = await summary(numbers);
    expect(out).toMatchObject({ count: 200_000, mean: 100_000.5, median: 100_000.5, minimum: 1, maximum: 200_000, total: 20_000_100_000 });
    expect(out.stdev as number).toBeCloseTo(57735.171, 2);
  });

  it('coerces numeric strings and rejects non-numeric strings at validation', async () => {
    expect((await summary([1, '2', '3.5'])).total).toBe(6.5);
    await expect(summary([1, 'two'])).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(summary('1,2,3')).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(summary([1, null])).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
