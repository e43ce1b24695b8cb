import { isRoot, normalizeRoots } from './roots.js';

/** The search interval of the numeric solver, as OVOS's fallback: integers from -1000 to 1000. */
export const NUMERIC_RANGE = { min: -1000, max: 1000 } as const;

/** Bisection steps per bracket, as OVOS. */
export const BISECTION_STEPS = 60;

/**
 * OVOS's numeric fallback: evaluates `f` at every integer in [-1000, 1000], keeps exact zeros, bisects
 * (60 steps) each unit interval where `f` changes sign, and drops "roots" where `f` does not approach 0
 * (poles). Returns normalised roots ({@link normalizeRoots}). Finds only roots where `f` crosses zero or
 * hits it exactly at an integer; double roots between integers are invisible to it.
 */
export function solveNumeric(f: (x: number) => number): number[] {
  const roots: number[] = [];
  let xa: number = NUMERIC_RANGE.min;
  let fa = f(xa);
  if (fa === 0) roots.push(xa);
  for (let xb = NUMERIC_RANGE.min + 1; xb <= NUMERIC_RANGE.max; xb++) {
    const fb = f(xb);
    if (fb === 0) roots.push(xb);
    else if (Number.isFinite(fa) && Number.isFinite(fb) && fa !== 0 && Math.sign(fa) !== Math.sign(fb)) {
      const r = bisect(f, xa, xb, fa);
      if (r !== null && isRoot(f, r)) roots.push(r);
    }
    xa = xb;
    fa = fb;
  }
  return normalizeRoots(roots);
}

function bisect(f: (x: number) => number, lo: number, hi: number, flo: number): number | null {
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (!Number.isFinite(fm)) return null;
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}
