/** The verdict of {@link classifyConstantEquation} on an equation whose sides differ by a constant. */
export type ConstantEquation =
  | {
      /** True for every value (both sides are equal). */
      kind: 'identity';
    }
  | {
      /** True for no value. */
      kind: 'contradiction';
      /** Left side minus right side. */
      difference: number;
    };

/**
 * Sample points: dyadic fractions in [-64, 64] (exact in binary floating point, so polynomial identities such as
 * `(x+1)**2 = x**2 + 2*x + 1` evaluate without rounding noise), mixed with a few points away from the integers and
 * the origin, where a function built to vanish on the integers (`sin(pi*x)`) does not.
 */
const SAMPLES = [-64, -37.75, -13.5, -5.125, -3, -2.5, -1, -0.75, -0.3125, 0, 0.1, 0.25, 0.7, 1, 1.5, 2, 3.25, 7.9, 12.375, 29.5, 64];

/** Largest deviation from the constant, relative to `1 + |constant|`, that still counts as constant (rounding noise). */
const TOLERANCE = 1e-12;

/**
 * Whether `f` (= lhs − rhs of an equation) is the same constant wherever it is defined, judged on 21 fixed sample
 * points: `identity` when that constant is 0 (`x - x = 0`, `sin(x)**2 + cos(x)**2 = 1`: every x where both sides
 * are defined is a solution), `contradiction` when it is not (`x - x = 1`: no x is), `null` otherwise — including
 * when fewer than half the samples are defined, or any two differ by more than 1e-12 × (1 + |constant|). A
 * non-constant function that happens to take one value on every sample point is misjudged; real equations do not.
 */
export function classifyConstantEquation(f: (x: number) => number): ConstantEquation | null {
  const values = SAMPLES.map(f).filter(Number.isFinite);
  if (values.length < SAMPLES.length / 2) return null;
  const first = values[0]!;
  const bound = TOLERANCE * (1 + Math.abs(first));
  if (!values.every((v) => Math.abs(v - first) <= bound)) return null;
  return Math.abs(first) <= TOLERANCE ? { kind: 'identity' } : { kind: 'contradiction', difference: first };
}
