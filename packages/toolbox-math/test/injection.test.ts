import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MathToolBox } from '@ovos-tools/toolbox-math';
import { MathWorkerError, MathWorkerPool } from '../src/worker/MathWorkerPool.js';
import { afterAll, describe, expect, it } from 'vitest';
import { injectionCases, injectionCorpus } from './fixtures/injectionCorpus.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ovos-math-inject-'));
const marker = path.join(dir, 'pwned');
const corpus = injectionCorpus(marker);
const g = globalThis as { __pwned?: unknown };
const tb = new MathToolBox({});
afterAll(async () => {
  await tb.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `work` while a 10 ms interval ticks; returns the ticks and the longest time the event loop went without a
 * tick, from the start of the work to its end (so a loop blocked for the whole call shows as one long gap, and a
 * call too quick for any tick shows as a short one).
 */
async function watchLoop<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number; maxGapMs: number }> {
  let ticks = 0;
  let last = Date.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks++;
  }, 10);
  try {
    const value = await work();
    maxGapMs = Math.max(maxGapMs, Date.now() - last);
    return { value, ticks, maxGapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('injection corpus: which defence refuses each payload (through the real worker)', () => {
  const pool = new MathWorkerPool({ script: new URL('../dist/mathWorker.js', import.meta.url) }); // the built worker (the pool is imported from src)
  afterAll(() => pool.close());

  it('each payload is refused by the expected layer: tokenizer, parser, name check or evaluation', async () => {
    for (const [input, evaluateLayer, solveLayer] of injectionCases(marker)) {
      const evaluated = await pool.run({ op: 'evaluate', expression: input }, { timeoutMs: 10_000 });
      expect(evaluated, input).toMatchObject({ ok: false, layer: evaluateLayer });
      const solved = await pool.run({ op: 'solve-symbolic', equation: input }, { timeoutMs: 10_000 });
      if (solveLayer === null) expect(solved.ok, input).toBe(true);
      else expect(solved, input).toMatchObject({ ok: false, layer: solveLayer });
    }
    expect(g.__pwned).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('Object.prototype names used as calls get their own "Function not permitted" reason', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const reply = await pool.run({ op: 'evaluate', expression: `${name}(1)` }, { timeoutMs: 10_000 });
      expect(reply).toEqual({ ok: false, error: `Function not permitted: '${name}'`, layer: 'name_check' });
    }
  });

  it('work that gets past every parse-time check is bounded by the worker (time limit), which then recovers', async () => {
    await expect(pool.run({ op: 'solve-numeric', equation: 'sin(x) + cos(x) = 0.3' }, { timeoutMs: 1 })).rejects.toSatisfy(
      (err: unknown) => err instanceof MathWorkerError && err.kind === 'timeout',
    );
    expect(await pool.run({ op: 'evaluate', expression: '6*7' }, { timeoutMs: 10_000 })).toEqual({ ok: true, result: 42 });
  });
});

describe('injection corpus through the toolbox (worker)', () => {
  it('evaluate_expression: every payload is an error value, nothing reaches the host, the loop keeps ticking', async () => {
    await tb.callTool('evaluate_expression', { expression: '1+1' }); // start the worker first
    const { value: outputs, maxGapMs } = await watchLoop(async () => {
      const outs = [];
      for (const expression of corpus) outs.push(await tb.callTool('evaluate_expression', { expression }));
      return outs;
    });
    for (const [i, out] of outputs.entries()) {
      expect(out.result, corpus[i]).toBeNull();
      expect(typeof out.error, corpus[i]).toBe('string');
      expect(out.expression).toBe(corpus[i]);
    }
    expect(g.__pwned).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
    expect(maxGapMs).toBeLessThan(2000);
    expect(await tb.callTool('evaluate_expression', { expression: '2*3+4**2/2' })).toEqual({ result: 14, expression: '2*3+4**2/2', error: null });
  });

  it('solve_equation: every payload (alone and as x = payload) yields only numbers or an error', async () => {
    const { value: outputs, maxGapMs } = await watchLoop(async () => {
      const outs = [];
      for (const payload of corpus) {
        for (const equation of [payload, `x = ${payload}`]) outs.push({ equation, out: await tb.callTool('solve_equation', { equation }) });
      }
      return outs;
    });
    for (const { equation, out } of outputs) {
      expect(Array.isArray(out.solutions), equation).toBe(true);
      expect((out.solutions as unknown[]).every((s) => typeof s === 'number'), equation).toBe(true);
      if ((out.solutions as unknown[]).length === 0) expect(typeof out.error, equation).toBe('string');
    }
    expect(g.__pwned).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
    expect(maxGapMs).toBeLessThan(2000);
    expect(await tb.callTool('solve_equation', { equation: 'x**2 - 4' })).toMatchObject({ solutions: [-2, 2], method: 'symbolic' });
  });

  it('a job over the time limit is cut off with an error value and the toolbox recovers', async () => {
    const slow = new MathToolBox({ config: { timeout_ms: 1 } });
    try {
      const out = await slow.callTool('solve_equation', { equation: 'sin(x) = 0.5' });
      expect(out).toMatchObject({ solutions: [], error: 'Expression too complex: timed out after 1 ms' });
      (slow.config as Record<string, unknown>).timeout_ms = 30_000;
      expect(await slow.callTool('evaluate_expression', { expression: '6*7' })).toMatchObject({ result: 42, error: null });
    } finally {
      await slow.close();
    }
  });

  it('honours the caller signal and the tool timeout (ctx.signal), then keeps working', async () => {
    const controller = new AbortController();
    const pending = tb.callTool('solve_equation', { equation: 'sin(x) + cos(x) = 0.3' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await expect(tb.callTool('solve_equation', { equation: 'sin(x) + cos(x) = 0.3' }, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'timeout' });
    expect(await tb.callTool('evaluate_expression', { expression: 'sqrt(2)**2' })).toMatchObject({ result: 2.0000000000000004 });
  });
});
