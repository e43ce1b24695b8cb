import { MathToolBox } from '@ovos-tools/toolbox-math';
import { afterAll, describe, expect, it } from 'vitest';

const tb = new MathToolBox({});
afterAll(() => tb.close());

type Solved = { solutions: number[]; equation: string; method: string; error: string | null };
const solve = async (equation: string) => (await tb.callTool('solve_equation', { equation })) as Solved;

describe('solve_equation (wire spec §5.5)', () => {
  it('solves the seed example x**2 - 4 symbolically', async () => {
    expect(await solve('x**2 - 4')).toEqual({ solutions: [-2, 2], equation: 'x**2 - 4', method: 'symbolic', error: null });
  });

  it('reports identities and contradictions as such, not as sampled roots', async () => {
    for (const equation of ['x - x = 0', 'x = x', '0*x', '(x+1)**2 = x**2 + 2*x + 1', 'sin(x)**2 + cos(x)**2 = 1', 'x/x = 1']) {
      const out = await solve(equation);
      expect(out, equation).toMatchObject({ solutions: [], equation, method: 'symbolic' });
      expect(out.error, equation).toMatch(/^Identity: both sides are equal for every x/);
    }
    for (const [equation, difference] of [['x - x = 1', -1], ['x*0 = 5', -5], ['2*x + 1 = 2*x', 1]] as const) {
      expect(await solve(equation), equation).toEqual({
        solutions: [],
        equation,
        method: 'symbolic',
        error: `No solutions: the equation is a contradiction (lhs - rhs is the constant ${difference} for every x)`,
      });
    }
    // near-identities are still solved
    expect(await solve('1e-9*x = 0')).toMatchObject({ solutions: [0], error: null });
    expect(await solve('sin(pi*x) = 0')).toMatchObject({ error: null });
  });

  it('accepts lhs = rhs and lhs == rhs', async () => {
    expect((await solve('x**2 = 4')).solutions).toEqual([-2, 2]);
    expect((await solve('2*x + 3 == 0')).solutions).toEqual([-1.5]);
  });

  it('finds the unknown whatever its name', async () => {
    expect(await solve('t**2 = 2')).toMatchObject({ solutions: [-1.4142135624, 1.4142135624], method: 'symbolic' });
  });

  it('solves polynomials symbolically: sorted, rounded to 10 dp, deduplicated', async () => {
    expect(await solve('x**3 - 6*x**2 + 11*x - 6')).toMatchObject({ solutions: [1, 2, 3], method: 'symbolic' });
    expect(await solve('x**4 - 5*x**2 + 4')).toMatchObject({ solutions: [-2, -1, 1, 2], method: 'symbolic' });
    expect(await solve('(x - 1)**2')).toMatchObject({ solutions: [1], method: 'symbolic' });
    expect(await solve('(x - 0.2)*(x - 0.3)')).toMatchObject({ solutions: [0.2, 0.3], method: 'symbolic' });
    expect(await solve('sqrt(x) = 3')).toMatchObject({ solutions: [9], method: 'symbolic' });
    expect(await solve('x - pi')).toMatchObject({ solutions: [3.1415926536], method: 'symbolic' });
  });

  it('solves cubics, including three real roots written with complex radicals', async () => {
    expect(await solve('x**3 - 3*x + 1')).toMatchObject({ solutions: [-1.8793852416, 0.3472963553, 1.5320888862], method: 'symbolic' });
    expect(await solve('x**3 + x + 1')).toMatchObject({ solutions: [-0.6823278038], method: 'symbolic' });
    expect(await solve('x**3 = 2')).toMatchObject({ solutions: [1.2599210499], method: 'symbolic' });
  });

  it('drops spurious roots that do not satisfy the equation (x = 1 for x/(x-1) = 2)', async () => {
    expect(await solve('x/(x-1) = 2')).toMatchObject({ solutions: [2], error: null });
  });

  it('complex-only roots: empty list and an explanatory error', async () => {
    expect(await solve('x**2 + 1')).toEqual({
      solutions: [],
      equation: 'x**2 + 1',
      method: 'symbolic',
      error: 'No real solutions: the roots are complex (i, -i)',
    });
    const out = await solve('x**2 + x + 1');
    expect(out.solutions).toEqual([]);
    expect(out.error).toMatch(/^No real solutions: the roots are complex/);
  });

  it('solves transcendental equations numerically (grid scan + bisection over [-1000, 1000])', async () => {
    const out = await solve('sin(x) = 0.5');
    expect(out.method).toBe('numeric');
    expect(out.error).toBeNull();
    expect(out.solutions).toContain(0.5235987756);
    expect(out.solutions).toContain(2.6179938780);
    expect(out.solutions.length).toBeGreaterThan(600);
    expect(out.solutions.every((r) => Math.abs(Math.sin(r) - 0.5) < 1e-9)).toBe(true);
    expect([...out.solutions].sort((a, b) => a - b)).toEqual(out.solutions);
    expect(Math.min(...out.solutions)).toBeGreaterThanOrEqual(-1000);
    expect(Math.max(...out.solutions)).toBeLessThanOrEqual(1000);
  });

  it('numeric: exponentials, logs, abs and step functions', async () => {
    expect(await solve('2**x = 8')).toMatchObject({ solutions: [3], method: 'numeric' });
    expect(await solve('exp(x) = 2')).toMatchObject({ solutions: [0.6931471806], method: 'numeric' });
    expect(await solve('log(x) = 1')).toMatchObject({ solutions: [2.7182818285], method: 'numeric' });
    expect(await solve('abs(x) = 2')).toMatchObject({ solutions: [-2, 2], method: 'numeric' });
    expect(await solve('cos(x) = x')).toMatchObject({ solutions: [0.7390851332], method: 'numeric' });
  });

  it('does not report poles as roots (tan crosses sign at pi/2 without a root)', async () => {
    const out = await solve('tan(x) = 0');
    expect(out.solutions.every((r) => Math.abs(Math.tan(r)) < 1e-9)).toBe(true);
    expect(out.solutions).toContain(0);
  });

  it('no real root in range: empty list with an explanatory error', async () => {
    const out = await solve('exp(x) + 1');
    expect(out).toMatchObject({ solutions: [], method: 'numeric' });
    expect(out.error).toMatch(/^No real solutions found in \[-1000, 1000\]/);
    expect((await solve('x = x + 1')).error).toBe('No solutions: the equation is a contradiction (lhs - rhs is the constant -1 for every x)');
  });

  it('input errors: Syntax error, unknown names, functions not permitted, several unknowns', async () => {
    expect(await solve('x**2 = ')).toEqual({ solutions: [], equation: 'x**2 = ', method: 'symbolic', error: 'Syntax error: unexpected end of expression' });
    expect((await solve('x**2 - 4)')).error).toMatch(/^Syntax error: /);
    expect((await solve('x = 1 = 2')).error).toBe("Syntax error: only one '=' is allowed");
    expect((await solve('import(x) = 1')).error).toBe("Function not permitted: 'import'");
    expect((await solve('x*y = 1')).error).toBe("Only one unknown is supported; found 'x', 'y'");
    expect((await solve('4 = 4')).error).toMatch(/^No unknown to solve for/);
  });
});
