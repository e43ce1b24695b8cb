import { MathToolBox } from '@ovos-tools/toolbox-math';
import { MAX_STATISTICS_ITEMS } from '../src/tools/statisticsSummary.js';
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

  it(`refuses more than ${MAX_STATISTICS_ITEMS} values (accepted below) with a validation error naming the limit`, async () => {
    const tooMany = Array.from({ length: MAX_STATISTICS_ITEMS + 1 }, (_, i) => i % 7);
    await expect(summary(tooMany)).rejects.toMatchObject({ code: 'invalid_arguments', message: expect.stringContaining(String(MAX_STATISTICS_ITEMS)) });
    expect(tb.getTool('statistics_summary')?.argumentSchema).toMatchObject({ properties: { numbers: { maxItems: MAX_STATISTICS_ITEMS } } });
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

  it('a large list (100,000 values, the limit)', async () => {
    const numbers = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const out = await summary(numbers);
    expect(out).toMatchObject({ count: 100_000, mean: 50_000.5, median: 50_000.5, minimum: 1, maximum: 100_000, total: 5_000_050_000 });
    expect(out.stdev as number).toBeCloseTo(28867.6577, 3);
  });

  it('coerces numeric strings and rejects non-numeric strings at validation', async () => {
    expect((await summary([1, '2', '3.5'])).total).toBe(6.5);
    await expect(summary([1, 'two'])).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(summary('1,2,3')).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(summary([1, null])).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
