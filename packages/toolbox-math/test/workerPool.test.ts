import { MathWorkerError, MathWorkerPool } from '../src/worker/MathWorkerPool.js';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./fixtures/stubWorker.mjs', import.meta.url);
type AnyRequest = Parameters<MathWorkerPool['run']>[0];
const req = (op: string, value?: unknown) => ({ op, value }) as unknown as AnyRequest;

let pool: MathWorkerPool;
afterEach(() => pool?.close());

/** Counts timer ticks on the host's event loop while `work` runs: the host must stay responsive. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ ticks: number; value: T | Error }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    const value = await work().catch((e: Error) => e);
    return { ticks, value };
  } finally {
    clearInterval(timer);
  }
}

describe('MathWorkerPool', () => {
  it('runs jobs in order on one warm worker', async () => {
    pool = new MathWorkerPool({ script });
    const replies = await Promise.all([1, 2, 3].map((v) => pool.run(req('echo', v), { timeoutMs: 30_000 })));
    expect(replies).toEqual([{ echo: 1 }, { echo: 2 }, { echo: 3 }]);
    expect(pool.startedWorkers).toBe(1);
  });

  it('times out a runaway job, keeps the host responsive and replaces the worker', async () => {
    pool = new MathWorkerPool({ script });
    await pool.run(req('echo', 0), { timeoutMs: 30_000 });
    const started = Date.now();
    const { ticks, value } = await ticksDuring(() => pool.run(req('spin'), { timeoutMs: 300 }));
    expect(value).toBeInstanceOf(MathWorkerError);
    expect(value).toMatchObject({ kind: 'timeout', message: 'timed out after 300 ms' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(0);
    expect(await pool.run(req('echo', 'next'), { timeoutMs: 30_000 })).toEqual({ echo: 'next' });
    expect(pool.startedWorkers).toBe(2);
  });

  it('aborting a running job terminates it; aborting a queued job removes it', async () => {
    pool = new MathWorkerPool({ script });
    await pool.run(req('echo', 0), { timeoutMs: 30_000 });
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.run(req('spin'), { timeoutMs: 60_000, signal: running.signal }).catch((e) => e);
    const b = pool.run(req('echo', 'b'), { timeoutMs: 60_000, signal: queued.signal }).catch((e) => e);
    const c = pool.run(req('echo', 'c'), { timeoutMs: 60_000 });
    queued.abort();
    setTimeout(() => running.abort(), 100);
    expect(await a).toMatchObject({ kind: 'aborted' });
    expect(await b).toMatchObject({ kind: 'aborted' });
    expect(await c).toEqual({ echo: 'c' });
  });

  it('a job that exhausts the worker memory limit fails as crashed, and the next job works', async () => {
    pool = new MathWorkerPool({ script, resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 } });
    const err = await pool.run(req('alloc'), { timeoutMs: 60_000 }).catch((e) => e);
    expect(err).toMatchObject({ kind: 'crashed' });
    expect(err.message).toMatch(/memory/);
    expect(await pool.run(req('echo', 'after'), { timeoutMs: 30_000 })).toEqual({ echo: 'after' });
  });

  it('refuses an already-aborted signal and new jobs after close', async () => {
    pool = new MathWorkerPool({ script });
    await expect(pool.run(req('echo'), { timeoutMs: 1000, signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
    const pending = pool.run(req('spin'), { timeoutMs: 60_000 }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 50));
    await pool.close();
    expect(await pending).toMatchObject({ kind: 'aborted', message: 'Math engine is closed' });
    await expect(pool.run(req('echo'), { timeoutMs: 1000 })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('reports a worker that cannot start', async () => {
    pool = new MathWorkerPool({ script: new URL('./fixtures/does-not-exist.mjs', import.meta.url) });
    await expect(pool.run(req('echo'), { timeoutMs: 1000 })).rejects.toMatchObject({ kind: 'startup' });
  });
});
