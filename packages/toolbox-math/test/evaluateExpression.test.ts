import { Message, FakeBus } from '@ovos-tools/core';
import { MathToolBox } from '@ovos-tools/toolbox-math';
import { afterAll, describe, expect, it } from 'vitest';

const tb = new MathToolBox({});
afterAll(() => tb.close());

const evaluate = (expression: string) => tb.callTool('evaluate_expression', { expression });

describe('evaluate_expression (seed 001 / wire spec §5.5)', () => {
  it('lists the four OVOS tools in order with the contract schemas', () => {
    expect(tb.toolJsonList.map((t) => t.name)).toEqual(['evaluate_expression', 'unit_convert', 'statistics_summary', 'solve_equation']);
    const schema = tb.toolJsonList[0]!;
    expect(schema.argument_schema).toMatchObject({ type: 'object', required: ['expression'], properties: { expression: { type: 'string' } } });
    expect(Object.keys((schema.output_schema as { properties: object }).properties)).toEqual(['result', 'expression', 'error']);
  });

  it('evaluates the seed example with Python precedence: 2*3+4**2/2 = 14.0', async () => {
    expect(await evaluate('2*3+4**2/2')).toEqual({ result: 14, expression: '2*3+4**2/2', error: null });
  });

  it('supports every operator and function of the seed whitelist', async () => {
    const cases: Array<[string, number]> = [
      ['7 // 2', 3],
      ['-7 % 3', 2],
      ['-3 ** 2', -9],
      ['+4', 4],
      ['abs(-2) + round(2.5) + sqrt(9) + ceil(0.1) + floor(1.9)', 9],
      ['log(e**2) + log(8, 2) + log10(100) + log2(8) + exp(0)', 11],
      ['sin(0) + cos(0) + tan(0) + asin(0) + acos(1) + atan(0) + atan2(0, 1)', 1],
      ['degrees(pi) + radians(180) - pi', 180],
      ['factorial(5) + gcd(12, 18) + lcm(4, 6)', 138],
      ['tau / pi + e - e', 2],
    ];
    for (const [expression, expected] of cases) {
      const out = await evaluate(expression);
      expect(out.error, expression).toBeNull();
      expect(out.result as number, expression).toBeCloseTo(expected, 10);
    }
  });

  it('returns errors as values with result null (OVOS: NaN)', async () => {
    expect(await evaluate('1/0')).toEqual({ result: null, expression: '1/0', error: 'float division by zero' });
    expect(await evaluate('os')).toEqual({ result: null, expression: 'os', error: "Unknown name: 'os'" });
    expect(await evaluate('__import__(1)')).toMatchObject({ result: null, error: "Function not permitted: '__import__'" });
    expect(await evaluate('import(1)')).toMatchObject({ result: null, error: "Function not permitted: 'import'" });
    expect((await evaluate('2 +* 3')).error).toMatch(/^Syntax error: /);
    expect(await evaluate('sqrt(-1)')).toMatchObject({ result: null, error: 'math domain error' });
    expect(await evaluate('inf')).toMatchObject({ result: null, error: 'Result is not a finite number (inf)' });
  });

  it('names the forbidden function before looking at its arguments', async () => {
    for (const name of ['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'resolve', 'zeros']) {
      const expression = `${name}({pwned: "x"}, "1 + 1")`;
      expect(await evaluate(expression)).toEqual({ result: null, expression, error: `Function not permitted: '${name}'` });
    }
  });

  it('refuses very long input without starting the engine', async () => {
    const long = '1+'.repeat(100_000) + '1';
    expect(await evaluate(long)).toMatchObject({ result: null, error: 'Expression too long: 200001 characters (limit 4096)' });
  });

  it('rejects a non-string expression at validation (strings are never coerced)', async () => {
    await expect(tb.callTool('evaluate_expression', { expression: 42 })).rejects.toMatchObject({ code: 'invalid_arguments' });
  });

  it('answers over the embedded bus', async () => {
    const bus = new FakeBus();
    const boxed = new MathToolBox({ bus });
    try {
      const reply = await bus.waitForResponse(
        new Message('ovos.persona.tools.ovos-math-tools.call', { name: 'evaluate_expression', kwargs: { expression: '2**10' } }),
        undefined,
        60_000,
      );
      expect(reply?.data).toMatchObject({ toolbox_id: 'ovos-math-tools', result: { result: 1024, expression: '2**10', error: null } });
    } finally {
      await boxed.close();
    }
  });
});
