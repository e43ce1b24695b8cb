import type { MathNode } from 'mathjs';
import { compileSafe } from '../expr/compileSafe.js';
import { pythonDialect } from '../expr/dialects.js';

/** Thrown by {@link toNerdamer} when the equation is outside what the symbolic solver should see. */
export class NotAlgebraicError extends Error {
  override readonly name = 'NotAlgebraicError';
}

/** Largest constant exponent applied to the unknown that is handed to the symbolic solver. */
export const MAX_SYMBOLIC_EXPONENT = 16;

type AnyNode = MathNode & { type: string; value?: unknown; name?: string; fn?: { name?: string }; args?: MathNode[] };

const STRUCTURAL: Record<string, (a: string, b: string) => string> = {
  py_add: (a, b) => `${a}+${b}`,
  py_sub: (a, b) => `${a}-(${b})`,
  py_mul: (a, b) => `(${a})*(${b})`,
  py_div: (a, b) => `(${a})/(${b})`,
};

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new NotAlgebraicError('non-finite constant');
  const s = String(n);
  if (!s.includes('e')) return `(${s})`;
  const [mantissa, exponent] = n.toExponential().split('e');
  return `(${mantissa}*10^(${Number(exponent)}))`;
}

function mentions(node: AnyNode, variable: string): boolean {
  if (node.type === 'SymbolNode') return node.name === variable;
  return (node.args ?? []).some((a) => mentions(a as AnyNode, variable));
}

/**
 * Writes the checked equation tree `f` (meaning `f = 0`) as nerdamer input, with the unknown renamed to
 * `x` — so the symbolic solver never sees a name or text the user chose, only numbers, `x`, `pi`, `e`,
 * `+ - * / ^`, `sqrt` and parentheses. Only algebraic equations are accepted (the unknown under
 * `+ - * /`, constant powers up to 16 and `sqrt`); sub-expressions without the unknown that use other
 * functions are evaluated to numbers first.
 *
 * @throws {@link NotAlgebraicError} when the unknown appears inside another function (trigonometry,
 *   `exp`, `log`, `floor`, `%`, `//`, ...) or in an exponent — those go to the numeric solver.
 */
export function toNerdamer(root: MathNode, variable: string): string {
  const visit = (n: AnyNode): string => {
    if (n.type === 'ConstantNode') return formatNumber(n.value as number);
    if (n.type === 'SymbolNode') {
      if (n.name === variable) return 'x';
      if (n.name === 'pi' || n.name === 'e') return n.name;
      if (n.name === 'tau') return '(2*pi)';
      throw new NotAlgebraicError(`constant ${String(n.name)}`);
    }
    const name = n.fn?.name ?? '';
    const args = (n.args ?? []) as AnyNode[];
    if (!mentions(n, variable) && !(name in STRUCTURAL) && name !== 'py_neg' && name !== 'py_pos') {
      const value = compileSafe(n, pythonDialect)();
      if (typeof value !== 'number') throw new NotAlgebraicError('non-numeric constant');
      return formatNumber(value);
    }
    const structural = STRUCTURAL[name];
    if (structural) return `(${structural(visit(args[0]!), visit(args[1]!))})`;
    if (name === 'py_neg') return `(-(${visit(args[0]!)}))`;
    if (name === 'py_pos') return visit(args[0]!);
    if (name === 'py_sqrt') return `sqrt(${visit(args[0]!)})`;
    if (name === 'py_pow') {
      const exponent = args[1]!;
      if (mentions(exponent, variable)) throw new NotAlgebraicError('unknown in an exponent');
      const value = compileSafe(exponent, pythonDialect)();
      if (typeof value !== 'number' || !(Math.abs(value) <= MAX_SYMBOLIC_EXPONENT)) throw new NotAlgebraicError('exponent too large');
      return `((${visit(args[0]!)})^(${visit(exponent)}))`;
    }
    throw new NotAlgebraicError(`function ${name}`);
  };
  return visit(root as AnyNode);
}
