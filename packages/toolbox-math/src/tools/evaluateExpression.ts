import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { MAX_EXPRESSION_LENGTH } from '../expr/limits.js';
import { MathWorkerError, type MathWorkerPool } from '../worker/MathWorkerPool.js';

const Args = Type.Object(
  { expression: Type.String({ description: 'Math expression string' }) },
  { title: 'EvaluateExpressionArgs' },
);

const Output = Type.Object(
  {
    result: Type.Union([Type.Number(), Type.Null()], { description: 'Numeric result (null on error; OVOS: nan)' }),
    expression: Type.String({ description: 'Original input' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Error message on failure' }),
  },
  { title: 'EvaluateExpressionOutput' },
);

/** Turns a worker failure into the `error` text of a math tool. */
export function workerFailureText(err: unknown): string {
  if (err instanceof MathWorkerError) {
    if (err.kind === 'timeout') return `Expression too complex: ${err.message}`;
    if (err.kind === 'crashed') return `Expression too complex: ${err.message}`;
    if (err.kind === 'aborted') return `Cancelled: ${err.message}`;
    return err.message;
  }
  return String((err as Error)?.message ?? err);
}

/**
 * `evaluate_expression(expression)` → `{result, expression, error}` (OVOS MathToolBox, wire spec §5.5).
 * Python-flavoured syntax (`+ - * / // % **`, unary signs, the seed's functions and constants) evaluated
 * with Python float semantics in the math worker; errors are values (`result` null, `error` text).
 * The call is cancelled (worker terminated) when `ctx.signal` fires.
 */
export function evaluateExpressionTool(pool: MathWorkerPool, timeoutMs: () => number): AgentTool {
  return defineTool({
    name: 'evaluate_expression',
    description:
      'Safely evaluate a mathematical expression. Supports + - * / // % ** and unary signs, the functions abs, round, sqrt, ceil, floor, log (natural; log(x, base)), log10, log2, exp, sin, cos, tan, asin, acos, atan, atan2, degrees, radians, factorial, gcd, lcm, and the constants pi, e, tau, inf.',
    argumentSchema: Args,
    outputSchema: Output,
    readOnly: true,
    idempotent: true,
    openWorld: false,
    tags: ['math', 'read-only'],
    errorModes: 'Errors are returned in `error` with `result` null: syntax errors, unknown names, functions not permitted, division by zero, math domain errors, and expressions too long, too deep or too slow.',
    examples: [
      { description: 'Python operator precedence', arguments: { expression: '2*3 + 4**2/2' }, result: { result: 14, expression: '2*3 + 4**2/2', error: null } },
      { description: 'Division by zero', arguments: { expression: '1/0' }, error: 'float division by zero' },
    ],
    toolCall: async ({ expression }, ctx) => {
      if (expression.length > MAX_EXPRESSION_LENGTH) {
        return { result: null, expression, error: `Expression too long: ${expression.length} characters (limit ${MAX_EXPRESSION_LENGTH})` };
      }
      try {
        const reply = await pool.run({ op: 'evaluate', expression }, { timeoutMs: timeoutMs(), signal: ctx.signal });
        return reply.ok ? { result: reply.result, expression, error: null } : { result: null, expression, error: reply.error };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        return { result: null, expression, error: workerFailureText(err) };
      }
    },
  });
}
