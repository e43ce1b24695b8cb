import { mathError } from './ExpressionError.js';
import { MAX_FACTORIAL } from './limits.js';

/**
 * Python float semantics for the operators and `math` functions the OVOS evaluator allows
 * (ovos-agentic-loop `tools/math.py`, wire spec §5.5). Every function takes and returns JS numbers
 * (IEEE doubles, like Python floats) and throws an {@link ExpressionError} of kind `math` with Python's
 * message where Python raises: `float division by zero`, `math domain error`, `math range error`, ...
 */

const DEG_PER_RAD = 180 / Math.PI;
const RAD_PER_DEG = Math.PI / 180;

function check(x: unknown): number {
  if (typeof x !== 'number') throw mathError(`expected a real number, got ${typeof x}`);
  return x;
}

/** Python `float_divmod`: floor division and modulo with the sign of the divisor. */
function divmod(a: number, b: number): [number, number] {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod) {
    if (b < 0 !== mod < 0) {
      mod += b;
      div -= 1;
    }
  } else {
    mod = b < 0 ? -0 : 0;
  }
  let floordiv: number;
  if (div) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
  } else {
    floordiv = a / b < 0 || Object.is(a / b, -0) ? -0 : 0;
  }
  return [floordiv, mod];
}

/** Python `int(x)` for a float: truncation, with Python's errors for inf and nan. */
function toInt(x: number): bigint {
  if (Number.isNaN(x)) throw mathError('cannot convert float NaN to integer');
  if (!Number.isFinite(x)) throw mathError('cannot convert float infinity to integer');
  return BigInt(Math.trunc(x));
}

/** Rejects a math function result that left the real line or overflowed (Python `math` errors). */
function real(result: number, ...inputs: number[]): number {
  if (Number.isNaN(result) && !inputs.some(Number.isNaN)) throw mathError('math domain error');
  if (!Number.isFinite(result) && !Number.isNaN(result) && inputs.every(Number.isFinite)) throw mathError('math range error');
  return result;
}

function domain(ok: boolean): void {
  if (!ok) throw mathError('math domain error');
}

function roundHalfEven(y: number): number {
  const r = Math.round(y);
  return Math.abs(y % 1) === 0.5 ? 2 * Math.round(y / 2) : r;
}

/**
 * Python's `round(x, nd)` for `nd >= 0`: half-to-even on the exact binary value of `x` (so
 * `round(2.675, 2)` is 2.67, as in Python), read from `toFixed`, which prints exact digits.
 */
function roundDigits(x: number, nd: number): number {
  if (Math.abs(x) >= 2 ** 52 || nd > 75) return x;
  const digits = nd + 25;
  const [intPart = '0', frac = ''] = Math.abs(x).toFixed(digits).split('.');
  const kept = BigInt(intPart + frac.slice(0, nd));
  const rest = frac.slice(nd);
  const half = '5'.padEnd(rest.length, '0');
  const up = rest > half || (rest === half && kept % 2n === 1n);
  const digitsStr = (kept + (up ? 1n : 0n)).toString().padStart(nd + 1, '0');
  const text = nd === 0 ? digitsStr : `${digitsStr.slice(0, -nd)}.${digitsStr.slice(-nd)}`;
  const r = Number(text);
  return x < 0 || Object.is(x, -0) ? -r : r;
}

/** Python `float(int)`: exact ints too large for a double raise OverflowError. */
function intToFloat(n: bigint): number {
  const f = Number(n);
  if (!Number.isFinite(f)) throw mathError('int too large to convert to float');
  return f;
}

function bigGcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The binary and unary operators, keyed by their internal function name in the limited mathjs instance. */
export const pythonOperators = {
  py_add: (a: number, b: number) => check(a) + check(b),
  py_sub: (a: number, b: number) => check(a) - check(b),
  py_mul: (a: number, b: number) => check(a) * check(b),
  py_div: (a: number, b: number) => {
    if (check(b) === 0) throw mathError('float division by zero');
    return check(a) / b;
  },
  py_floordiv: (a: number, b: number) => {
    if (check(b) === 0) throw mathError('float floor division by zero');
    return divmod(check(a), b)[0];
  },
  py_mod: (a: number, b: number) => {
    if (check(b) === 0) throw mathError('float modulo');
    return divmod(check(a), b)[1];
  },
  py_pow: (a: number, b: number) => {
    check(a);
    check(b);
    if (b === 0) return 1;
    if (a === 0 && b < 0) throw mathError('0.0 cannot be raised to a negative power');
    if (a < 0 && Number.isFinite(b) && !Number.isInteger(b)) {
      throw mathError('math domain error (a negative number raised to a fractional power is complex)');
    }
    const r = a ** b;
    if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) throw mathError('Numerical result out of range');
    return r;
  },
  py_neg: (a: number) => -check(a),
  py_pos: (a: number) => +check(a),
};

/** One function callable from an expression: its implementation and how many arguments it takes. */
export interface PythonFunction {
  /** The implementation (Python `math` semantics). */
  fn: (...args: number[]) => number;
  /** Fewest arguments accepted. */
  minArgs: number;
  /** Most arguments accepted. */
  maxArgs: number;
}

const unary = (fn: (x: number) => number): PythonFunction => ({ fn: (x) => fn(check(x)), minArgs: 1, maxArgs: 1 });

/**
 * The functions of the seed's whitelist (abs, round, sqrt, ceil, floor, log, log10, log2, exp, sin, cos,
 * tan, asin, acos, atan, atan2, degrees, radians, factorial, gcd, lcm), keyed by the name written in
 * expressions. `factorial`, `gcd` and `lcm` truncate their arguments to integers as OVOS's `int()` cast
 * does; `factorial(n)` refuses `n > 170` (the result would not fit in a float).
 */
export const pythonFunctions: Record<string, PythonFunction> = {
  abs: unary(Math.abs),
  round: {
    fn: (x, nd) => {
      check(x);
      if (nd === undefined) {
        if (!Number.isFinite(x)) toInt(x);
        return roundHalfEven(x);
      }
      if (!Number.isInteger(check(nd))) throw mathError("'float' object cannot be interpreted as an integer");
      if (!Number.isFinite(x)) return x;
      if (nd >= 0) return roundDigits(x, nd);
      if (nd < -308) return 0 * x;
      return roundHalfEven(x / 10 ** -nd) * 10 ** -nd;
    },
    minArgs: 1,
    maxArgs: 2,
  },
  sqrt: unary((x) => (domain(x >= 0 || Number.isNaN(x)), Math.sqrt(x))),
  ceil: unary((x) => Number(toInt(Math.ceil(x)))),
  floor: unary((x) => Number(toInt(Math.floor(x)))),
  log: {
    fn: (x, base) => {
      domain(check(x) > 0);
      if (base === undefined) return Math.log(x);
      domain(check(base) > 0);
      const lb = Math.log(base);
      if (lb === 0) throw mathError('float division by zero');
      return Math.log(x) / lb;
    },
    minArgs: 1,
    maxArgs: 2,
  },
  log10: unary((x) => (domain(x > 0), Math.log10(x))),
  log2: unary((x) => (domain(x > 0), Math.log2(x))),
  exp: unary((x) => real(Math.exp(x), x)),
  sin: unary((x) => real(Math.sin(x), x)),
  cos: unary((x) => real(Math.cos(x), x)),
  tan: unary((x) => real(Math.tan(x), x)),
  asin: unary((x) => real(Math.asin(x), x)),
  acos: unary((x) => real(Math.acos(x), x)),
  atan: unary(Math.atan),
  atan2: { fn: (y, x) => Math.atan2(check(y), check(x)), minArgs: 2, maxArgs: 2 },
  degrees: unary((x) => x * DEG_PER_RAD),
  radians: unary((x) => x * RAD_PER_DEG),
  factorial: unary((x) => {
    const n = toInt(x);
    if (n < 0n) throw mathError('factorial() not defined for negative values');
    if (n > BigInt(MAX_FACTORIAL)) {
      throw mathError(`factorial() argument too large: ${n} (maximum ${MAX_FACTORIAL}; the result would not fit in a float)`);
    }
    let r = 1n;
    for (let k = 2n; k <= n; k++) r *= k;
    return Number(r);
  }),
  gcd: {
    fn: (...xs) => intToFloat(xs.map((x) => toInt(check(x))).reduce(bigGcd, 0n)),
    minArgs: 0,
    maxArgs: 64,
  },
  lcm: {
    fn: (...xs) =>
      intToFloat(
        xs
          .map((x) => toInt(check(x)))
          .reduce((a, b) => {
            if (a === 0n || b === 0n) return 0n;
            const l = (a * b) / bigGcd(a, b);
            return l < 0n ? -l : l;
          }, 1n),
      ),
    minArgs: 0,
    maxArgs: 64,
  },
};

/** The named constants of the seed's whitelist: `pi`, `e`, `tau`, `inf`. */
export const pythonConstants: Record<string, number> = {
  pi: Math.PI,
  e: Math.E,
  tau: 2 * Math.PI,
  inf: Infinity,
};
