import type { MathNode } from 'mathjs';
import { compileSafe, type SafeFunction } from '../expr/compileSafe.js';
import { pythonDialect } from '../expr/dialects.js';
import { ExpressionError } from '../expr/ExpressionError.js';
import { limitedMath } from '../expr/limitedMath.js';
import { parseMath } from '../expr/parse.js';

/** An equation read and checked, ready for the symbolic and numeric solvers. */
export interface PreparedEquation {
  /** `lhs - rhs` (or the expression itself when there was no `=`) as a checked mathjs tree. */
  node: MathNode;
  /** The unknown's name as written (e.g. `x`, `t`). */
  variable: string;
  /** `f(v)` = lhs − rhs at `v`; NaN wherever it is undefined (division by zero, domain errors, ...). */
  f: (value: number) => number;
}

/**
 * Parses `equation` (`x**2 - 4`, `x**2 = 4`, `x**2 == 4`) in the Python dialect with one unknown allowed
 * and builds `f = lhs - rhs`, checked by the same node whitelist as `evaluate_expression`.
 *
 * @throws {@link ExpressionError} for syntax errors, names that are not permitted, more than one unknown,
 *   or no unknown at all.
 */
export function prepareEquation(equation: string): PreparedEquation {
  const parsed = parseMath(equation, { dialect: pythonDialect, allowVariables: true, allowEquals: true });
  if (parsed.variables.length > 1) {
    throw new ExpressionError(
      'not_permitted',
      `Only one unknown is supported; found ${parsed.variables.map((v) => `'${v}'`).join(', ')}`,
    );
  }
  const variable = parsed.variables[0];
  if (variable === undefined) {
    throw new ExpressionError('syntax', 'No unknown to solve for: the equation contains only numbers and constants (write it in terms of x)');
  }
  const node = parsed.rhs
    ? new limitedMath.FunctionNode(new limitedMath.SymbolNode(pythonDialect.operators.sub), [parsed.lhs, parsed.rhs])
    : parsed.lhs;
  const compiled: SafeFunction = compileSafe(node, pythonDialect, variable);
  const f = (value: number): number => {
    try {
      const v = compiled(value);
      return typeof v === 'number' ? v : NaN;
    } catch {
      return NaN;
    }
  };
  return { node, variable, f };
}
