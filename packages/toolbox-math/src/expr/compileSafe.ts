import type { MathNode } from 'mathjs';
import { assertSafeTree } from './assertSafeTree.js';
import type { Dialect } from './dialects.js';
import { ExpressionError } from './ExpressionError.js';
import { errorMessage } from '@ovos-tools/core/node';

/** A checked, compiled expression: call it with the unknown's value (if any) to get the raw mathjs result. */
export type SafeFunction = (variableValue?: unknown) => unknown;

/**
 * Checks `node` with {@link assertSafeTree} and compiles it with the limited mathjs instance the parser's
 * node classes belong to. The scope holds only the dialect's constants plus, when given, `variable`.
 *
 * @throws {@link ExpressionError} from the tree check; evaluation errors are thrown by the returned function
 *   (Python-semantics {@link ExpressionError}s of kind `math`, or mathjs errors, which callers report as text).
 */
export function compileSafe(node: MathNode, dialect: Dialect, variable?: string): SafeFunction {
  assertSafeTree(node, dialect, variable ? [variable] : []);
  const code = node.compile();
  const base = Object.entries(dialect.constants);
  return (value?: unknown) => {
    const scope = new Map<string, unknown>(base);
    if (variable !== undefined) scope.set(variable, value);
    return code.evaluate(scope);
  };
}

/** The message of anything thrown while evaluating; mathjs and JS errors keep their text, others are described. */
export function errorText(err: unknown): string {
  if (err instanceof ExpressionError) return err.message;
  if (err instanceof RangeError && /call stack/i.test(err.message)) return 'Expression too complex';
  return errorMessage(err);
}
