import { describe, expect, it } from 'vitest';
import { evaluatePython } from './evaluatePython.js';
import { ExpressionError } from './ExpressionError.js';

function errorOf(expression: string): string {
  try {
    evaluatePython(expression);
  } catch (err) {
    expect(err).toBeInstanceOf(ExpressionError);
    return (err as Error).message;
  }
  throw new Error(`expected ${expression} to fail`);
}

describe('evaluatePython: values (checked against CPython 3.11 float semantics)', () => {
  const cases: Array<[string, number]> = [
    ['2*3+4**2/2', 14],
    ['-2**2', -4],
    ['2**-1', 0.5],
    ['2**3**2', 512],
    ['(2**3)**2', 64],
    ['2^10', 1024],
    ['+5 - -3', 8],
    ['7//2', 3],
    ['-7//2', -4],
    ['-7.0//2', -4],
    ['1//0.1', 9],
    ['-7%3', 2],
    ['7%-3', -2],
    ['5.5%2', 1.5],
    ['10 - 2 - 3', 5],
    ['100 / 10 / 2', 5],
    ['2 * 3 // 4', 1],
    ['abs(-3.5)', 3.5],
    ['round(2.5)', 2],
    ['round(3.5)', 4],
    ['round(-2.5)', -2],
    ['round(2.675, 2)', 2.67],
    ['round(0.375, 2)', 0.38],
    ['round(1234.5678, -2)', 1200],
    ['sqrt(16)', 4],
    ['ceil(1.2)', 2],
    ['floor(-1.2)', -2],
    ['log(e)', 1],
    ['log(8, 2)', 3],
    ['log(100, 10)', 2],
    ['log10(1000)', 3],
    ['log2(1024)', 10],
    ['exp(0)', 1],
    ['sin(0)', 0],
    ['cos(0)', 1],
    ['tan(0)', 0],
    ['asin(1)', Math.PI / 2],
    ['acos(1)', 0],
    ['atan(1)', Math.PI / 4],
    ['atan2(1, 1)', 0.7853981633974483],
    ['degrees(pi)', 180],
    ['radians(180)', Math.PI],
    ['factorial(5)', 120],
    ['factorial(5.9)', 120],
    ['factorial(0)', 1],
    ['factorial(170)', 7.257415615307999e306],
    ['gcd(12, 8)', 4],
    ['gcd(12.7, 8)', 4],
    ['gcd(12, 18, 27)', 3],
    ['lcm(4, 6)', 12],
    ['lcm(2, 3, 4)', 12],
    ['pi', Math.PI],
    ['e', Math.E],
    ['tau', 2 * Math.PI],
    ['1e3 + 1_000', 2000],
    ['0x10 + 0o10 + 0b10', 26],
    ['.5 + 1.', 1.5],
    ['  ( 1 +\t2 ) * 3 ', 9],
  ];
  it.each(cases)('%s = %s', (expression, expected) => {
    expect(evaluatePython(expression)).toBeCloseTo(expected, 12);
  });

  it('returns exact Python float results where they differ from naive JS', () => {
    expect(evaluatePython('0.1 + 0.2')).toBe(0.30000000000000004);
    expect(evaluatePython('-0.0')).toBe(0);
  });
});

describe('evaluatePython: errors carry the text OVOS returns', () => {
  const cases: Array<[string, string | RegExp]> = [
    ['1/0', 'float division by zero'],
    ['1//0', 'float floor division by zero'],
    ['1%0', 'float modulo'],
    ['0**-1', '0.0 cannot be raised to a negative power'],
    ['10.0**400', 'Numerical result out of range'],
    ['9**9**9**9', 'Numerical result out of range'],
    ['sqrt(-1)', 'math domain error'],
    ['log(0)', 'math domain error'],
    ['log(-1)', 'math domain error'],
    ['log(8, 1)', 'float division by zero'],
    ['asin(2)', 'math domain error'],
    ['sin(inf)', 'math domain error'],
    ['exp(1000)', 'math range error'],
    ['(-8)**(1/3)', /^math domain error/],
    ['factorial(-1)', 'factorial() not defined for negative values'],
    ['factorial(171)', /^factorial\(\) argument too large: 171/],
    ['factorial(1e9)', /^factorial\(\) argument too large/],
    ['round(inf)', 'cannot convert float infinity to integer'],
    ['round(2.5, 1.5)', "'float' object cannot be interpreted as an integer"],
    ['inf', 'Result is not a finite number (inf)'],
    ['-inf', 'Result is not a finite number (-inf)'],
    ['inf - inf', 'Result is not a finite number (nan)'],
    ['1e308 * 10', 'Result is not a finite number (inf)'],
    ['os', "Unknown name: 'os'"],
    ['x + 1', "Unknown name: 'x'"],
    ['PI', "Unknown name: 'PI'"],
    ['__import__(1)', "Function not permitted: '__import__'"],
    ['import(1)', "Function not permitted: 'import'"],
    ['max(1, 2)', "Function not permitted: 'max'"],
    ['sqrt', /^Syntax error: 'sqrt' is a function/],
    ['sqrt(1, 2)', 'sqrt() takes exactly 1 argument (2 given)'],
    ['atan2(1)', 'atan2() takes exactly 2 arguments (1 given)'],
    ['round()', 'round() takes 1 to 2 arguments (0 given)'],
    ['', 'Syntax error: empty expression'],
    ['1 +', 'Syntax error: unexpected end of expression'],
    ['(1 + 2', "Syntax error: '(' was never closed"],
    ['1 + 2)', "Syntax error: unexpected ')' at position 5"],
    ['2x', /^Syntax error: invalid number '2x'/],
    ['1 2', "Syntax error: unexpected '2' at position 2"],
    ['a = 1', "Syntax error: assignment ('a = ...') is not allowed"],
    ['1 == 1', 'Syntax error: comparisons are not allowed'],
    ['1 < 2', /^Syntax error: comparisons are not allowed/],
    ['"1"', /^Syntax error: string literals are not allowed/],
    ['[1, 2]', /^Syntax error: lists, matrices and indexing are not allowed/],
    ['{1}', /^Syntax error: objects and sets are not allowed/],
    ['pi.real', /^Syntax error: attribute access/],
    ['1; 2', /^Syntax error: only a single expression is allowed/],
    ['3!', /^Syntax error: '!' is not allowed; use factorial\(n\)/],
  ];
  it.each(cases)('%s → %s', (expression, expected) => {
    const message = errorOf(expression);
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it('refuses input that is too long or too deep before evaluating it', () => {
    expect(errorOf('1+'.repeat(3000) + '1')).toBe('Expression too long: 6001 characters (limit 4096)');
    expect(errorOf('('.repeat(101) + '1' + ')'.repeat(101))).toBe('Expression too complex: nesting deeper than 100 levels');
    expect(errorOf('-'.repeat(200) + '1')).toMatch(/^Expression too complex/);
    expect(errorOf('2**'.repeat(150) + '2')).toMatch(/^Expression too complex/);
    expect(errorOf('sqrt('.repeat(120) + '1' + ')'.repeat(120))).toMatch(/^Expression too complex/);
  });
});
