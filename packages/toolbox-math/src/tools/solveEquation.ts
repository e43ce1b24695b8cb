import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { MAX_EXPRESSION_LENGTH } from '../expr/limits.js';
import { normalizeRoots } from '../solve/roots.js';
import { NUMERIC_RANGE } from '../solve/solveNumeric.js';
import type { MathWorkerPool } from '../worker/MathWorkerPool.js';
import type { NumericReply, SymbolicReply } from '../worker/protocol.js';
import { workerFailureText } from './evaluateExpression.js';

const Args = Type.Object(
  { equation: Type.String({ description: 'Python expression equal to zero (e.g. x**2 - 4), or lhs = rhs' }) },
  { title: 'SolveEquationArgs' },
);

const Output = Type.Object(
  {
    solutions: Type.Array(Type.Number(), { description: 'Real-valued roots, ascending, rounded to 10 decimal places' }),
    equation: Type.String(),
    method: Type.Union([Type.Literal('symbolic'), Type.Literal('numeric')], { description: '"symbolic" (nerdamer) or "numeric" (bisection fallback)' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Error on failure' }),
  },
  { title: 'SolveEquationOutput' },
);

type Output = { solutions: number[]; equation: string; method: 'symbolic' | 'numeric'; error: string | null };

/**
 * `solve_equation(equation)` → `{solutions, equation, method, error}` (OVOS MathToolBox, wire spec §5.5).
 *
 * Two worker jobs, each with the configured time limit: (1) symbolic — algebraic equations go to
 * nerdamer-prime; (2) numeric — OVOS's integer-grid scan over [-1000, 1000] with 60-step bisection. When
 * the symbolic stage solved the equation, `method` is `symbolic` and the numeric roots are merged in
 * (they recover real roots nerdamer writes with complex radicals); otherwise `method` is `numeric`.
 * Complex-only roots give `solutions: []` and an error naming them. Input errors (`Syntax error: ...`,
 * `Unknown name: ...`, `Function not permitted: ...`) are returned with `method` `symbolic`, the stage
 * that reads the input first.
 */
export function solveEquationTool(pool: MathWorkerPool, timeoutMs: () => number): AgentTool {
  return defineTool({
    name: 'solve_equation',
    description:
      'Solve an equation in one unknown for its real roots. Give an expression equal to zero (e.g. "x**2 - 4") or "lhs = rhs" (e.g. "sin(x) = 0.5"); same syntax as evaluate_expression.',
    argumentSchema: Args,
    outputSchema: Output,
    readOnly: true,
    idempotent: true,
    openWorld: false,
    tags: ['math', 'algebra', 'read-only'],
    errorModes:
      'Errors are returned in `error` with `solutions` []: syntax errors, names not permitted, more than one unknown, an identity ("Identity: ..." — every x solves it) or a contradiction ("No solutions: ..."), complex-only roots, no real root found in [-1000, 1000], or too slow.',
    examples: [
      { arguments: { equation: 'x**2 - 4' }, result: { solutions: [-2, 2], equation: 'x**2 - 4', method: 'symbolic', error: null } },
      { arguments: { equation: 'x**2 + 1' }, error: 'No real solutions: the roots are complex (i, -i)' },
    ],
    toolCall: async ({ equation }, ctx): Promise<Output> => {
      const fail = (method: Output['method'], error: string): Output => ({ solutions: [], equation, method, error });
      if (equation.length > MAX_EXPRESSION_LENGTH) {
        return fail('symbolic', `Expression too long: ${equation.length} characters (limit ${MAX_EXPRESSION_LENGTH})`);
      }
      const options = { timeoutMs: timeoutMs(), signal: ctx.signal };
      let symbolic: SymbolicReply | null = null;
      try {
        symbolic = await pool.run({ op: 'solve-symbolic', equation }, options);
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        ctx.logger.debug(`solve_equation: symbolic stage failed (${workerFailureText(err)}); trying the numeric solver`);
      }
      if (symbolic && !symbolic.ok) return fail('symbolic', symbolic.error);
      let numeric: NumericReply | null = null;
      let numericFailure: string | null = null;
      try {
        numeric = await pool.run({ op: 'solve-numeric', equation }, options);
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        numericFailure = workerFailureText(err);
      }
      if (numeric && !numeric.ok) return fail('numeric', numeric.error);
      const numericRoots = numeric?.ok ? numeric.solutions : [];
      if (symbolic?.ok && symbolic.status === 'solved') {
        const solutions = normalizeRoots([...symbolic.solutions, ...numericRoots]);
        if (solutions.length > 0) return { solutions, equation, method: 'symbolic', error: null };
        if (symbolic.complexRoots.length > 0) {
          return fail('symbolic', `No real solutions: the roots are complex (${symbolic.complexRoots.join(', ')})`);
        }
      }
      if (numericFailure) return fail('numeric', numericFailure);
      if (numericRoots.length > 0) return { solutions: numericRoots, equation, method: 'numeric', error: null };
      return fail('numeric', `No real solutions found in [${NUMERIC_RANGE.min}, ${NUMERIC_RANGE.max}] (numeric search; roots that touch zero without crossing it between integers are not detected)`);
    },
  });
}
