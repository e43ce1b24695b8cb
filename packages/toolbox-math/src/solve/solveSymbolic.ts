import { compileSafe } from '../expr/compileSafe.js';
import { complexDialect } from '../expr/dialects.js';
import { limitedMath } from '../expr/limitedMath.js';
import { parseMath } from '../expr/parse.js';
import type { PreparedEquation } from './prepareEquation.js';
import { loadedNerdamer } from './loadNerdamer.js';
import { isRoot, normalizeRoots } from './roots.js';
import { NotAlgebraicError, toNerdamer } from './toNerdamer.js';

/** What the symbolic stage concluded. */
export type SymbolicOutcome =
  | {
      /** nerdamer solved it. */
      status: 'solved';
      /** The verified real roots. */
      solutions: number[];
      /** nerdamer's text of the other (complex) roots. */
      complexRoots: string[];
    }
  | {
      /** Not for the symbolic solver (not algebraic, nerdamer failed, or its answer could not be verified). */
      status: 'unsupported';
      /** Why, for the log and the numeric fallback. */
      reason: string;
    };

const readBackDialect = complexDialect(limitedMath.complex(0, 1));

/** Evaluates one nerdamer solution (e.g. `((-1/2)*i*sqrt(3)-1/2)^(1/3)+...`) with mathjs complex arithmetic. */
function evaluateRoot(text: string): { re: number; im: number } | null {
  try {
    const parsed = parseMath(text, { dialect: readBackDialect });
    const value = compileSafe(parsed.lhs, readBackDialect)() as unknown;
    if (typeof value === 'number') return { re: value, im: 0 };
    if (value && typeof value === 'object' && 're' in value && 'im' in value) {
      const { re, im } = value as { re: number; im: number };
      return Number.isFinite(re) && Number.isFinite(im) ? { re, im } : null;
    }
    return null;
  } catch {
    return null;
  }
}

function formatComplex(re: number, im: number): string {
  const r = (n: number) => String(Math.round(n * 1e10) / 1e10 || 0);
  return `${r(re)}${im < 0 ? '-' : '+'}${r(Math.abs(im))}i`;
}

/**
 * Solves an algebraic equation with nerdamer-prime: the checked tree is written as nerdamer input by
 * {@link toNerdamer}, each solution nerdamer returns is read back with mathjs complex arithmetic (so real
 * roots written with complex radicals count as real), real ones are kept only if they satisfy the
 * original equation (which removes spurious roots such as poles), and the rest are reported as complex.
 * Synchronous and possibly slow: run inside the math worker, after `loadNerdamer()`.
 * @throws Error when nerdamer-prime has not been loaded (see `loadedNerdamer`).
 */
export function solveSymbolic(eq: PreparedEquation): SymbolicOutcome {
  const nerdamer = loadedNerdamer();
  let input: string;
  try {
    input = toNerdamer(eq.node, eq.variable);
  } catch (err) {
    if (err instanceof NotAlgebraicError) return { status: 'unsupported', reason: err.message };
    return { status: 'unsupported', reason: String((err as Error)?.message ?? err) };
  }
  let texts: string[];
  try {
    const answer = nerdamer.solve(`${input}=0`, 'x') as unknown as { symbol?: { elements?: Array<{ text(): string }> } };
    texts = (answer.symbol?.elements ?? []).map((e) => e.text());
  } catch (err) {
    return { status: 'unsupported', reason: `nerdamer: ${String((err as Error)?.message ?? err)}` };
  }
  if (texts.length === 0) return { status: 'unsupported', reason: 'nerdamer found no roots' };
  const real: number[] = [];
  const complexRoots: string[] = [];
  for (const text of texts) {
    const v = evaluateRoot(text);
    if (!v) return { status: 'unsupported', reason: `unreadable root ${text}` };
    if (Math.abs(v.im) <= 1e-9 * Math.max(1, Math.abs(v.re))) {
      if (isRoot(eq.f, v.re)) real.push(v.re);
    } else {
      complexRoots.push(text.length <= 40 ? text : formatComplex(v.re, v.im));
    }
  }
  if (real.length === 0 && complexRoots.length === 0) return { status: 'unsupported', reason: 'no root could be verified' };
  return { status: 'solved', solutions: normalizeRoots(real), complexRoots };
}
