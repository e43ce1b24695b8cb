import {
  absDependencies,
  acosDependencies,
  addDependencies,
  asinDependencies,
  atanDependencies,
  complexDependencies,
  ConstantNodeDependencies,
  cosDependencies,
  create,
  divideDependencies,
  expDependencies,
  FunctionNodeDependencies,
  logDependencies,
  multiplyDependencies,
  powDependencies,
  sinDependencies,
  sqrtDependencies,
  subtractDependencies,
  SymbolNodeDependencies,
  tanDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type FactoryFunctionMap,
  type MathJsInstance,
} from 'mathjs';
import { ExpressionError } from './ExpressionError.js';
import { pythonFunctions, pythonOperators } from './pythonMath.js';

/** The mathjs functions that could define, parse or evaluate code; the limited instance makes each one throw. */
export const DISABLED_MATHJS_FUNCTIONS = [
  'import',
  'createUnit',
  'evaluate',
  'parse',
  'compile',
  'simplify',
  'simplifyConstant',
  'simplifyCore',
  'rationalize',
  'derivative',
  'resolve',
  'reviver',
  'replacer',
  'chain',
  'parser',
  'help',
  'leafCount',
  'symbolicEqual',
] as const;

/**
 * What the engine needs of mathjs: the three node classes the parser builds trees from (and their `compile`), and
 * the functions of the complex read-back dialect (`complexDialect`). Nothing else exists in the instance, so no
 * tree can reach another mathjs function even past the tree check; and only these factories are bundled into the
 * math worker, which loads them in a fraction of `create(all)`'s time and memory.
 */
const FACTORIES: FactoryFunctionMap = {
  ConstantNodeDependencies,
  FunctionNodeDependencies,
  SymbolNodeDependencies,
  complexDependencies,
  sqrtDependencies,
  absDependencies,
  expDependencies,
  logDependencies,
  sinDependencies,
  cosDependencies,
  tanDependencies,
  asinDependencies,
  acosDependencies,
  atanDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} as FactoryFunctionMap;

function buildLimitedMath(): MathJsInstance {
  const math = create(FACTORIES, { number: 'number', predictable: false });
  const internal: Record<string, (...args: number[]) => number> = { ...pythonOperators };
  for (const [name, def] of Object.entries(pythonFunctions)) internal[`py_${name}`] = def.fn;
  math.import(internal, { override: true });
  const complexPow = math.pow;
  math.import(
    {
      /** Power that takes the real odd root of a negative real (`(-8)^(1/3)` = -2), as nerdamer means it. */
      real_odd_root_pow: (a: unknown, b: unknown) => {
        if (typeof a === 'number' && typeof b === 'number' && a < 0 && b !== 0) {
          const n = 1 / b;
          if (Math.abs(n - Math.round(n)) < 1e-9 && Math.abs(Math.round(n)) % 2 === 1) return -((-a) ** b);
        }
        return complexPow(a as number, b as number);
      },
    },
    { override: true },
  );
  const disabled: Record<string, () => never> = {};
  for (const name of DISABLED_MATHJS_FUNCTIONS) {
    disabled[name] = () => {
      throw new ExpressionError('not_permitted', `Function not permitted: '${name}'`, 'limited_math');
    };
  }
  math.import(disabled, { override: true });
  return math;
}

/**
 * A mathjs instance for user expressions, built from {@link FACTORIES} only: the Python-semantics operators and functions are imported
 * under internal names (`py_add`, `py_div`, `py_sqrt`, ...) beside `real_odd_root_pow` (used to read
 * solver output back), and every function in
 * {@link DISABLED_MATHJS_FUNCTIONS} (import, createUnit, evaluate, parse, compile, simplify, resolve, ...)
 * throws `Function not permitted: '<name>'`. Only node trees that pass `assertSafeTree` are compiled
 * with it; user text is never handed to its parser.
 */
export const limitedMath: MathJsInstance = buildLimitedMath();
