import { compileSafe } from './compileSafe.js';
import { pythonDialect } from './dialects.js';
import { ExpressionError, mathError } from './ExpressionError.js';
import { parseMath } from './parse.js';

/**
 * Evaluates one Python-flavoured expression (the `evaluate_expression` language) to a finite number.
 * Parses with {@link parseMath}, checks and compiles with {@link compileSafe}, evaluates with Python float
 * semantics. Runs synchronously: call it inside the math worker, which bounds its time and memory.
 *
 * @throws {@link ExpressionError} for every failure, with the text OVOS puts in `error`; a non-finite
 *   result (e.g. `inf`, `inf - inf`) is reported as `Result is not a finite number (inf)` because JSON
 *   cannot carry it.
 */
export function evaluatePython(expression: string): number {
  const parsed = parseMath(expression, { dialect: pythonDialect });
  const value = compileSafe(parsed.lhs, pythonDialect)();
  if (typeof value !== 'number') throw new ExpressionError('not_permitted', 'Expression did not produce a real number');
  if (!Number.isFinite(value)) {
    throw mathError(`Result is not a finite number (${Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf'})`);
  }
  return value === 0 ? 0 : value;
}
