import { MathToolBox } from '@ovos-tools/toolbox-math';
import type { MathWorkerPool } from '../src/worker/MathWorkerPool.js';
import { afterEach, describe, expect, it } from 'vitest';

let box: MathToolBox | undefined;
afterEach(() => box?.close());

const poolOf = (b: MathToolBox) => (b as unknown as { pool: MathWorkerPool }).pool;

describe('MathToolBox.warmUp', () => {
  it('with warm_worker, starts the expression worker before any call, and the first calls use it', async () => {
    box = new MathToolBox({ config: { warm_worker: true } });
    expect(poolOf(box).startedWorkers).toBe(0);
    await box.warmUp();
    expect(poolOf(box).startedWorkers).toBe(1);
    expect(await box.callTool('evaluate_expression', { expression: '2**10' })).toMatchObject({ result: 1024, error: null });
    expect(await box.callTool('solve_equation', { equation: 'x**2 - 4' })).toMatchObject({ solutions: [-2, 2] });
    expect(await box.callTool('unit_convert', { value: 5, from_unit: 'km', to_unit: 'mi' })).toMatchObject({ result: 3.10685596118667 });
    expect(poolOf(box).startedWorkers).toBe(1);
  });

  it('by default, leaves the expression worker to the first call that needs it, and still loads unit_convert', async () => {
    box = new MathToolBox({});
    await box.warmUp();
    expect(poolOf(box).startedWorkers).toBe(0);
    expect(await box.callTool('unit_convert', { value: 5, from_unit: 'km', to_unit: 'mi' })).toMatchObject({ result: 3.10685596118667 });
    expect(poolOf(box).startedWorkers).toBe(0);
    expect(await box.callTool('evaluate_expression', { expression: '2**10' })).toMatchObject({ result: 1024, error: null });
    expect(poolOf(box).startedWorkers).toBe(1);
  });

  it('a call that arrives while the warm-up is loading shares its worker', async () => {
    box = new MathToolBox({ config: { warm_worker: true } });
    const warming = box.warmUp();
    expect(await box.callTool('evaluate_expression', { expression: '1 + 1' })).toMatchObject({ result: 2 });
    await warming;
    expect(poolOf(box).startedWorkers).toBe(1);
  });

  it('after close, a warm-up starts nothing', async () => {
    box = new MathToolBox({ config: { warm_worker: true } });
    await box.close();
    await box.warmUp();
    expect(poolOf(box).startedWorkers).toBe(0);
  });
});
