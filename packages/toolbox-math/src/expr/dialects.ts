import { pythonConstants, pythonFunctions } from './pythonMath.js';

/** The internal function names a dialect uses for its operators. */
export interface OperatorNames {
  /** `a + b`. */
  add: string;
  /** `a - b`. */
  sub: string;
  /** `a * b`. */
  mul: string;
  /** `a / b`. */
  div: string;
  /** `a // b` (Python floor division), where the dialect has it. */
  floordiv?: string;
  /** `a % b` (Python modulo, sign of the divisor), where the dialect has it. */
  mod?: string;
  /** `a ** b`. */
  pow: string;
  /** `-a`. */
  neg: string;
  /** `+a`. */
  pos: string;
}

/**
 * One flavour of the expression language: which constants, functions and operators exist and which
 * internal (limited-mathjs) function names they compile to. The parser only emits those names and the
 * tree check only accepts them.
 */
export interface Dialect {
  /** `python`: user input (Python float semantics). `complex`: solver output read back (mathjs complex arithmetic). */
  id: 'python' | 'complex';
  /** Named constants and their values (passed to mathjs as the evaluation scope). */
  constants: Readonly<Record<string, unknown>>;
  /** Callable names → internal mathjs function name and arity. */
  functions: Readonly<Record<string, { internal: string; minArgs: number; maxArgs: number }>>;
  /** The internal names its operators compile to. */
  operators: OperatorNames;
}

const pyFunctionTable = Object.fromEntries(
  Object.entries(pythonFunctions).map(([name, def]) => [name, { internal: `py_${name}`, minArgs: def.minArgs, maxArgs: def.maxArgs }]),
);

/** The language of `evaluate_expression` and `solve_equation`: Python operators and the seed's whitelist. */
export const pythonDialect: Dialect = {
  id: 'python',
  constants: pythonConstants,
  functions: pyFunctionTable,
  operators: {
    add: 'py_add',
    sub: 'py_sub',
    mul: 'py_mul',
    div: 'py_div',
    floordiv: 'py_floordiv',
    mod: 'py_mod',
    pow: 'py_pow',
    neg: 'py_neg',
    pos: 'py_pos',
  },
};

const complexFunctionNames = ['sqrt', 'abs', 'exp', 'log', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan'];

/**
 * The language nerdamer writes its solutions in (`((-1/2)*i*sqrt(3)+1/2)^(1/3)`), read back with mathjs's
 * complex arithmetic so that real roots written with complex radicals (casus irreducibilis) are found.
 * Built lazily: its `i` constant needs a mathjs instance.
 */
export function complexDialect(imaginaryUnit: unknown): Dialect {
  return {
    id: 'complex',
    constants: { pi: Math.PI, e: Math.E, i: imaginaryUnit },
    functions: Object.fromEntries(complexFunctionNames.map((n) => [n, { internal: n, minArgs: 1, maxArgs: 1 }])),
    operators: { add: 'add', sub: 'subtract', mul: 'multiply', div: 'divide', pow: 'real_odd_root_pow', neg: 'unaryMinus', pos: 'unaryPlus' },
  };
}
