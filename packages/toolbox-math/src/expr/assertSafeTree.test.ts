import { parse } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { assertSafeTree } from './assertSafeTree.js';
import { compileSafe } from './compileSafe.js';
import { pythonDialect } from './dialects.js';
import { ExpressionError } from './ExpressionError.js';
import { limitedMath } from './limitedMath.js';
import { parseMath } from './parse.js';

/** Trees from mathjs's own (unrestricted) parser: every one must be refused by the whitelist. */
const hostile = [
  'f(x) = x^2',
  'a = 1',
  'a.b',
  'a["constructor"]',
  '{a: 1}',
  '[1, 2]',
  '1:10',
  '"text"',
  'true',
  'x ? 1 : 2',
  'a = 1; a',
  'import({})',
  'evaluate("1")',
  'cos.constructor("return process")',
  'sqrt(4)',
  'process',
  '5 cm',
  '2 + 3',
  'zeros(1e5, 1e5)',
];

describe('assertSafeTree', () => {
  it.each(hostile)('refuses the mathjs tree of %s', (text) => {
    expect(() => assertSafeTree(parse(text), pythonDialect)).toThrow(ExpressionError);
  });

  it('accepts exactly what the parser builds, and refuses unknown symbols and foreign functions', () => {
    const { lhs } = parseMath('sqrt(16) + 2**3 // 3 - pi', { dialect: pythonDialect });
    expect(() => assertSafeTree(lhs, pythonDialect)).not.toThrow();
    const { FunctionNode, SymbolNode, ConstantNode } = limitedMath;
    expect(() => assertSafeTree(new SymbolNode('process'), pythonDialect)).toThrow("Unknown name: 'process'");
    expect(() => assertSafeTree(new FunctionNode(new SymbolNode('evaluate'), [new ConstantNode(1)]), pythonDialect)).toThrow(
      "Function not permitted: 'evaluate'",
    );
    expect(() => assertSafeTree(new ConstantNode('1' as unknown as number), pythonDialect)).toThrow('Only numeric constants are permitted');
    for (const tree of [new SymbolNode('process'), new FunctionNode(new SymbolNode('evaluate'), [new ConstantNode(1)]), new ConstantNode('1' as unknown as number)]) {
      expect(() => assertSafeTree(tree, pythonDialect)).toThrow(expect.objectContaining({ layer: 'tree_check' }));
    }
  });

  it('lets a variable through only when it is named', () => {
    const { lhs, variables } = parseMath('x**2 - 4', { dialect: pythonDialect, allowVariables: true });
    expect(variables).toEqual(['x']);
    expect(() => assertSafeTree(lhs, pythonDialect)).toThrow("Unknown name: 'x'");
    expect(compileSafe(lhs, pythonDialect, 'x')(3)).toBe(5);
  });

  it('the limited mathjs instance itself refuses import, createUnit, evaluate and parse', () => {
    for (const name of ['import', 'createUnit', 'evaluate', 'parse', 'compile', 'simplify', 'derivative', 'resolve', 'chain']) {
      const fn = (limitedMath as unknown as Record<string, () => unknown>)[name]!;
      expect(() => fn()).toThrow(`Function not permitted: '${name}'`);
      expect(() => fn()).toThrow(expect.objectContaining({ layer: 'limited_math' }));
    }
  });

  it('rejects unsafe variable names in equations', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'py_add', '__class__']) {
      expect(() => parseMath(`${name} = 1`, { dialect: pythonDialect, allowVariables: true, allowEquals: true })).toThrow(
        `Unknown name: '${name}'`,
      );
    }
  });
});
