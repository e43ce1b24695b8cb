import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, type WorkerPoolOptions } from './index.js';

const script = new URL('../../test/fixtures/poolWorker.mjs', import.meta.url); // uses the built dist/worker
let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
const make = (options: Partial<WorkerPoolOptions> = {}) => (pool = new WorkerPool({ script, name: 'test', ...options }));

/** Counts timer ticks on this event loop while `work` runs: the caller must stay responsive. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ ticks: number; value: T }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    return { value: await work(), ticks };
  } finally {
    clearInterval(timer);
  }
}

describe('WorkerPool (@ovos-tools/core/node) with serveWorkerJobs (@ovos-tools/core/worker)', () => {
  it('runs jobs in order on one warm worker and returns values', async () => {
    const p = make();
    const out = await Promise.all([1, 2, 3].map((v) => p.run({ op: 'echo', value: v }, { timeoutMs: 30_000 })));
    expect(out).toEqual([1, 2, 3].map((v) => ({ ok: true, value: { echo: v } })));
    expect(p.startedWorkers).toBe(1);
    expect(p.liveWorkers).toBe(1);
  });

  it('a runaway job is stopped at its budget, the caller stays responsive, and the next job gets a fresh worker', async () => {
    const p = make();
    const { value, ticks } = await ticksDuring(() => p.run({ op: 'spin' }, { timeoutMs: 300 }));
    expect(value).toEqual({ ok: false, kind: 'timeout', detail: '300 ms' });
    expect(ticks).toBeGreaterThan(0);
    expect(await p.run({ op: 'echo', value: 'next' }, { timeoutMs: 30_000 })).toEqual({ ok: true, value: { echo: 'next' } });
    expect(p.startedWorkers).toBe(2);
  });

  it('a job waiting behind a busy worker ends as queued when its budget counts from the call', async () => {
    const p = make({ maxWorkers: 1 });
    const busy = p.run({ op: 'spin' }, { timeoutMs: 1500 });
    const starved = p.run({ op: 'echo', value: 1 }, { timeoutMs: 300 });
    const later = p.run({ op: 'echo', value: 2 }, { timeoutMs: 30_000 });
    expect(await starved).toEqual({ ok: false, kind: 'queued', detail: '300 ms' });
    expect(await busy).toEqual({ ok: false, kind: 'timeout', detail: '1500 ms' });
    expect(await later).toEqual({ ok: true, value: { echo: 2 } });
  });

  it('with timeoutFrom "start" and a handshake, slow start-up does not eat the budget', async () => {
    process.env.POOL_WORKER_DELAY_MS = '400';
    try {
      const p = make({ startupTimeoutMs: 30_000, timeoutFrom: 'start' });
      expect(await p.run({ op: 'echo', value: 'x' }, { timeoutMs: 200 })).toEqual({ ok: true, value: { echo: 'x' } });
    } finally {
      delete process.env.POOL_WORKER_DELAY_MS;
    }
  });

  it('a worker that never says ready fails its job as startup within startupTimeoutMs', async () => {
    process.env.POOL_WORKER_DELAY_MS = '5000';
    try {
      const p = make({ startupTimeoutMs: 200, timeoutFrom: 'start' });
      const out = await p.run({ op: 'echo' }, { timeoutMs: 60_000 });
      expect(out).toEqual({ ok: false, kind: 'startup', detail: 'the test worker was not ready after 200 ms' });
      expect(p.liveWorkers).toBe(0);
    } finally {
      delete process.env.POOL_WORKER_DELAY_MS;
    }
  });

  it('abort ends a running job (terminating its worker) and removes a waiting one', async () => {
    const p = make();
    const running = new AbortController();
    const waiting = new AbortController();
    const a = p.run({ op: 'spin' }, { timeoutMs: 60_000, signal: running.signal });
    const b = p.run({ op: 'echo', value: 'b' }, { timeoutMs: 60_000, signal: waiting.signal });
    const c = p.run({ op: 'echo', value: 'c' }, { timeoutMs: 60_000 });
    waiting.abort(new Error('user left'));
    setTimeout(() => running.abort(), 100);
    expect(await a).toEqual({ ok: false, kind: 'aborted', detail: 'This operation was aborted' });
    expect(await b).toEqual({ ok: false, kind: 'aborted', detail: 'user left' });
    expect(await c).toEqual({ ok: true, value: { echo: 'c' } });
    expect(await p.run({ op: 'echo' }, { timeoutMs: 1000, signal: AbortSignal.abort('gone') })).toEqual({ ok: false, kind: 'aborted', detail: 'gone' });
  });

  it('a thrown error is a value and keeps the worker; an exit or the memory limit is a crash, and the pool recovers', async () => {
    const p = make({ resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 } });
    expect(await p.run({ op: 'throw' }, { timeoutMs: 30_000 })).toEqual({ ok: false, kind: 'failed', detail: 'RangeError: bad input' });
    expect(p.startedWorkers).toBe(1);
    expect(await p.run({ op: 'exit' }, { timeoutMs: 30_000 })).toEqual({ ok: false, kind: 'crashed', detail: 'the test worker exited with code 3' });
    expect(await p.run({ op: 'alloc' }, { timeoutMs: 60_000 })).toEqual({ ok: false, kind: 'crashed', detail: 'the test worker ran out of memory (limit 32 MB)' });
    expect(await p.run({ op: 'echo', value: 'after' }, { timeoutMs: 30_000 })).toEqual({ ok: true, value: { echo: 'after' } });
    expect(p.startedWorkers).toBe(3);
  });

  it('a script that cannot load ends the job with an explanation, never a hang', async () => {
    pool = new WorkerPool({ script: new URL('./no-such-worker.mjs', script), name: 'ghost' });
    const out = await pool.run({ op: 'echo' }, { timeoutMs: 30_000 });
    expect(out).toMatchObject({ ok: false, kind: 'crashed' });
    expect((out as { detail: string }).detail).toMatch(/^the ghost worker failed: .*no-such-worker/);
    expect(pool.liveWorkers).toBe(0);
  });

  it('close ends running and waiting jobs as closed, frees every thread, and the pool can run again', async () => {
    const p = make({ maxWorkers: 2 });
    const jobs = [p.run({ op: 'spin' }, { timeoutMs: 60_000 }), p.run({ op: 'slow', ms: 60_000 }, { timeoutMs: 60_000 }), p.run({ op: 'echo' }, { timeoutMs: 60_000 })];
    await new Promise((r) => setTimeout(r, 50));
    await p.close();
    for (const out of await Promise.all(jobs)) expect(out).toEqual({ ok: false, kind: 'closed', detail: 'the pool was closed' });
    expect(p.liveWorkers).toBe(0);
    expect(await p.run({ op: 'slow', ms: 1 }, { timeoutMs: 30_000 })).toEqual({ ok: true, value: 'slow done' });
  });

  it('keeps a second worker for a steady stream of concurrent jobs, and lets it go after idleTimeoutMs', async () => {
    const p = make({ maxWorkers: 2, idleTimeoutMs: 300 });
    for (let round = 0; round < 5; round++) {
      const out = await Promise.all([p.run({ op: 'slow', ms: 20 }, { timeoutMs: 30_000 }), p.run({ op: 'slow', ms: 20 }, { timeoutMs: 30_000 })]);
      expect(out).toEqual([{ ok: true, value: 'slow done' }, { ok: true, value: 'slow done' }]);
    }
    expect(p.startedWorkers).toBe(2);
    expect(p.liveWorkers).toBe(2);
    await new Promise((r) => setTimeout(r, 600));
    expect(p.liveWorkers).toBe(1);
    expect(await p.run({ op: 'echo', value: 1 }, { timeoutMs: 30_000 })).toEqual({ ok: true, value: { echo: 1 } });
    expect(p.startedWorkers).toBe(2);
  });

  it('warm starts the first worker before a job needs it, once', async () => {
    process.env.POOL_WORKER_DELAY_MS = '400';
    try {
      // the budget counts from the call and is shorter than the worker's start-up: only a warmed worker makes it
      const p = make({ startupTimeoutMs: 30_000 });
      p.warm();
      p.warm();
      expect(p.liveWorkers).toBe(1);
      await new Promise((r) => setTimeout(r, 2000));
      expect(await p.run({ op: 'echo', value: 'warm' }, { timeoutMs: 300 })).toEqual({ ok: true, value: { echo: 'warm' } });
      expect(p.startedWorkers).toBe(1);
    } finally {
      delete process.env.POOL_WORKER_DELAY_MS;
    }
  });

  it('a job given to a warming worker waits for its start-up instead of starting another', async () => {
    process.env.POOL_WORKER_DELAY_MS = '200';
    try {
      const p = make({ startupTimeoutMs: 30_000, timeoutFrom: 'start' });
      p.warm();
      expect(await p.run({ op: 'echo', value: 'early' }, { timeoutMs: 30_000 })).toEqual({ ok: true, value: { echo: 'early' } });
      expect(p.startedWorkers).toBe(1);
    } finally {
      delete process.env.POOL_WORKER_DELAY_MS;
    }
  });
});
