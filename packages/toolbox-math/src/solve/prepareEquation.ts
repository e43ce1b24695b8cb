import type { MathNode } from 'mathjs';
import { compileSafe, type SafeFunction } from '../expr/compileSafe.js';
import { pythonDialect } from '../expr/dialects.js';
import { ExpressionError } from '../expr/ExpressionError.js';
import { limitedMath } from '../expr/limitedMath.js';
import { parseMath } from '../expr/parse.js';
import { classifyConstantEquation } from './constantEquation.js';

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
 *   no unknown at all, and (layer `equation`) equations whose sides differ by a constant
 *   ({@link classifyConstantEquation}): `Identity: ...` when every x is a solution, `No solutions: ...` when none
 *   is — instead of reporting every grid point of the numeric scan as a root.
 */
export function prepareEquation(equation: string): PreparedEquation {
  const parsed = parseMath(equation, { dialect: pythonDialect, allowVariables: true, allowEquals: true });
  if (parsed.variables.length > 1) {
    throw new ExpressionError(
      'not_permitted',
      `Only one unknown is supported; found ${parsed.variables.map((v) => `'${v}'`).join(', ')}`,
      'equation',
    );
  }
  const variable = parsed.variables[0];
  if (variable === undefined) {
    throw new ExpressionError('syntax', 'No unknown to solve for: the equation contains only numbers and constants (write it in terms of x)', 'equation');
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
  const constant = classifyConstantEquation(f);
  if (constant?.kind === 'identity') {
    throw new ExpressionError(
      'math',
      `Identity: both sides are equal for every ${variable} (where defined), so every real ${variable} is a solution; there are no isolated roots to list`,
      'equation',
    );
  }
  if (constant?.kind === 'contradiction') {
    throw new ExpressionError(
      'math',
      `No solutions: the equation is a contradiction (lhs - rhs is the constant ${Number(constant.difference.toPrecision(12))} for every ${variable})`,
      'equation',
    );
  }
  return { node, variable, f };
}
