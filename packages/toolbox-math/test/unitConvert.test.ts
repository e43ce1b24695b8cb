import { MathToolBox } from '@ovos-tools/toolbox-math';
import { UNIT_ALIASES, lookupUnit } from '../src/units/unitTable.js';
import { afterAll, describe, expect, it } from 'vitest';

const tb = new MathToolBox({});
afterAll(() => tb.close());

const convert = (value: number, from_unit: string, to_unit: string) => tb.callTool('unit_convert', { value, from_unit, to_unit });

/** [value, from, to, expected, category] — expected values from the exact definitions (NIST). */
const TABLE: Array<[number, string, string, number, string]> = [
  [5, 'km', 'mi', 3.10685596118667, 'length'],
  [1, 'mile', 'kilometers', 1.609344, 'length'],
  [1, 'ft', 'cm', 30.48, 'length'],
  [12, 'inches', 'foot', 1, 'length'],
  [1, 'yd', 'm', 0.9144, 'length'],
  [1, 'nmi', 'km', 1.852, 'length'],
  [1500, 'mm', 'm', 1.5, 'length'],
  [1, 'kg', 'lb', 2.20462262184878, 'mass'],
  [1, 'pounds', 'oz', 16, 'mass'],
  [1, 't', 'kg', 1000, 'mass'],
  [1, 'stone', 'lbs', 14, 'mass'],
  [2500, 'mg', 'g', 2.5, 'mass'],
  [1, 'gal', 'l', 3.785411784, 'volume'],
  [1, 'litre', 'ml', 1000, 'volume'],
  [1, 'qt', 'pt', 2, 'volume'],
  [1, 'cup', 'floz', 8, 'volume'],
  [1, 'm3', 'liters', 1000, 'volume'],
  [90, 'min', 'h', 1.5, 'time'],
  [1, 'day', 'sec', 86400, 'time'],
  [2, 'weeks', 'days', 14, 'time'],
  [1, 'year', 'days', 365.25, 'time'],
  [100, 'km/h', 'm/s', 27.7777777777778, 'speed'],
  [60, 'mph', 'kph', 96.56064, 'speed'],
  [10, 'knots', 'km/h', 18.52, 'speed'],
  [1, 'ft/s', 'm/s', 0.3048, 'speed'],
  [1, 'km2', 'm2', 1e6, 'area'],
  [1, 'acre', 'ft2', 43560, 'area'],
  [1, 'hectare', 'sqm', 10000, 'area'],
  [1, 'ha', 'acres', 2.47105381467165, 'area'],
  [1, 'B', 'b', 8, 'data'],
  [1, 'byte', 'bits', 8, 'data'],
  [1, 'GB', 'MB', 1000, 'data'],
  [1, 'GiB', 'MiB', 1024, 'data'],
  [1, 'MiB', 'kB', 1048.576, 'data'],
  [1, 'TB', 'GiB', 931.322574615479, 'data'],
  [8, 'Mbit', 'MB', 1, 'data'],
  [100, 'c', 'f', 212, 'temperature'],
  [32, 'fahrenheit', 'celsius', 0, 'temperature'],
  [0, 'K', '°C', -273.15, 'temperature'],
  [-40, '°F', '°c', -40, 'temperature'],
  [300, 'kelvin', 'F', 80.33, 'temperature'],
];

describe('unit_convert (wire spec §5.5)', () => {
  it.each(TABLE)('%s %s → %s', async (value, from, to, expected, category) => {
    const out = await convert(value, from, to);
    expect(out).toMatchObject({ from_unit: from, to_unit: to, category, error: null });
    expect(out.result as number).toBeCloseTo(expected, 9);
  });

  it.each(TABLE)('%s %s → %s converts back', async (value, from, to) => {
    const there = (await convert(value, from, to)).result as number;
    const back = (await convert(there, to, from)).result as number;
    expect(back).toBeCloseTo(value, 9);
  });

  it('temperature round trips are affine and exact to 1e-9', async () => {
    for (const c of [-273.15, -40, 0, 36.6, 100, 1000]) {
      const f = (await convert(c, 'celsius', 'fahrenheit')).result as number;
      expect(f).toBeCloseTo((c * 9) / 5 + 32, 9);
      const k = (await convert(f, 'fahrenheit', 'kelvin')).result as number;
      expect(k).toBeCloseTo(c + 273.15, 9);
      expect((await convert(k, 'kelvin', 'celsius')).result as number).toBeCloseTo(c, 9);
    }
  });

  it('units are case-insensitive and trimmed', async () => {
    expect((await convert(1, ' KM ', 'Mi')).result).toBeCloseTo(0.621371192237334, 12);
    expect((await convert(1, 'KILOGRAM', 'Pounds')).category).toBe('mass');
    expect((await convert(1, 'Degrees Celsius', 'DEGF')).result).toBeCloseTo(33.8, 12);
  });

  it('data symbols: exact case first (b bit, B byte, Mb megabit, MB megabyte), then lower case means bytes', async () => {
    expect((await convert(1, 'b', 'B')).result).toBe(0.125);
    expect((await convert(1, 'Mb', 'MB')).result).toBe(0.125);
    expect((await convert(1, 'Gb', 'Mb')).result).toBe(1000);
    expect((await convert(1, 'mb', 'kb')).result).toBe(1000);
    expect((await convert(1, 'mb', 'B')).result).toBe(1e6);
    expect((await convert(1, 'KB', 'B')).result).toBe(1000);
    expect((await convert(1, 'Kb', 'b')).result).toBe(1000);
    expect((await convert(1, 'kib', 'B')).result).toBe(1024);
    expect(lookupUnit('MB')).toEqual({ category: 'data', unit: 'MB' });
    expect(lookupUnit('Mb')).toEqual({ category: 'data', unit: 'Mb' });
  });

  it('every alias belongs to one of the eight OVOS categories', () => {
    const categories = new Set(UNIT_ALIASES.map((a) => lookupUnit(a)?.category));
    expect([...categories].sort()).toEqual(['area', 'data', 'length', 'mass', 'speed', 'temperature', 'time', 'volume']);
  });

  it("unknown units: Unknown unit: '<u>' with category unknown and result null", async () => {
    expect(await convert(1, 'furlongs', 'm')).toEqual({
      result: null,
      from_unit: 'furlongs',
      to_unit: 'm',
      category: 'unknown',
      error: "Unknown unit: 'furlongs'",
    });
    expect((await convert(1, 'm', 'parsec')).error).toBe("Unknown unit: 'parsec'");
    expect((await convert(1, 'constructor', 'm')).error).toBe("Unknown unit: 'constructor'");
    expect((await convert(1, '5 cm to inch', 'm')).error).toBe("Unknown unit: '5 cm to inch'");
  });

  it("incompatible categories: Incompatible categories: '<a>' vs '<b>'", async () => {
    expect(await convert(1, 'km', 'kg')).toEqual({
      result: null,
      from_unit: 'km',
      to_unit: 'kg',
      category: 'unknown',
      error: "Incompatible categories: 'length' vs 'mass'",
    });
    expect((await convert(1, 'celsius', 'MB')).error).toBe("Incompatible categories: 'temperature' vs 'data'");
  });

  it('coerces a numeric string value (pydantic lax) and rejects a non-numeric one', async () => {
    expect((await tb.callTool('unit_convert', { value: '2', from_unit: 'km', to_unit: 'm' })).result).toBe(2000);
    await expect(tb.callTool('unit_convert', { value: 'two', from_unit: 'km', to_unit: 'm' })).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
