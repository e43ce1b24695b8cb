import type { UnitMath } from './unitMath.js';
import { lookupUnit, type UnitCategory } from './unitTable.js';

/** The outcome of {@link convertUnit}: the `unit_convert` output fields except the echoed unit names. */
export interface ConversionResult {
  /** The converted value, or null on error (OVOS: NaN). */
  result: number | null;
  /** The category of both units, or `unknown` on error. */
  category: UnitCategory | 'unknown';
  /** What went wrong (OVOS's text), or null on success. */
  error: string | null;
}

/**
 * Converts `value` from one unit to another with mathjs units of `math` (the toolbox's `unitMath`, from
 * `loadUnitMath`); temperatures are affine: 100 °F → 37.78 °C. Results are rounded to 15 significant digits, which removes binary noise such as 1000.0000000000001.
 *
 * Errors (returned, never thrown), as OVOS: `Unknown unit: '<unit>'` (checked for `from` first) and
 * `Incompatible categories: '<from category>' vs '<to category>'`; `result` null, `category` `unknown`.
 */
export function convertUnit(math: UnitMath, value: number, from: string, to: string): ConversionResult {
  const a = lookupUnit(from);
  if (!a) return { result: null, category: 'unknown', error: `Unknown unit: '${from.trim()}'` };
  const b = lookupUnit(to);
  if (!b) return { result: null, category: 'unknown', error: `Unknown unit: '${to.trim()}'` };
  if (a.category !== b.category) {
    return { result: null, category: 'unknown', error: `Incompatible categories: '${a.category}' vs '${b.category}'` };
  }
  if (!Number.isFinite(value)) return { result: null, category: a.category, error: 'Value must be a finite number' };
  const raw = math.unit(value * (a.scale ?? 1), a.unit).toNumber(b.unit) / (b.scale ?? 1);
  const result = Number.isFinite(raw) ? Number(raw.toPrecision(15)) : null;
  return { result, category: a.category, error: result === null ? 'Result is out of range' : null };
}
