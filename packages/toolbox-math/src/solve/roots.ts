/**
 * The OVOS post-processing of roots (wire spec §5.5): each rounded to 10 decimal places, duplicates
 * (equal at 6 decimal places) removed, sorted ascending; `-0` becomes `0`.
 */
export function normalizeRoots(roots: readonly number[]): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  for (const r of [...roots].filter(Number.isFinite).sort((a, b) => a - b)) {
    const rounded = Math.round(r * 1e10) / 1e10 || 0;
    const key = (Math.round(r * 1e6) / 1e6 || 0).toFixed(6);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(Number.isFinite(rounded) ? rounded : r);
  }
  return out;
}

/**
 * Whether `r` is a root of `f`: `f(r)` is (nearly) zero, or `f` changes sign within a relative 1e-9 of
 * `r` without blowing up (which rules out poles such as `x = 1` for `x/(x-1) = 2`).
 */
export function isRoot(f: (x: number) => number, r: number): boolean {
  const y = f(r);
  if (!Number.isFinite(y)) return false;
  if (Math.abs(y) <= 1e-9) return true;
  const h = 1e-9 * Math.max(1, Math.abs(r));
  const a = f(r - h);
  const b = f(r + h);
  return Number.isFinite(a) && Number.isFinite(b) && Math.sign(a) !== Math.sign(b) && Math.abs(y) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}
