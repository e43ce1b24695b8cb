import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileSystemToolBox } from '@ovos-tools/toolbox-filesystem';
import { createSearchPool } from '../src/search/searchPool.js';
import { Messages } from '../src/messages.js';
import { makeWorld, type World } from './fixture.js';

/** Lines on which `(a+)+$` and `(x+x+)+y`-style patterns backtrack for far longer than any test runs (2^42 paths). */
const EVIL_A = `${'a'.repeat(42)}b`;
const EVIL_X = `${'x'.repeat(42)}z`;

let w: World;
const boxes: FileSystemToolBox[] = [];
const box = (config: Record<string, unknown> = {}) => {
  const b = w.box(config);
  boxes.push(b);
  return b;
};
beforeEach(() => {
  w = makeWorld();
  fs.writeFileSync(path.join(w.root, 'evil.txt'), `first\n${EVIL_A}\n${EVIL_X}\nlast b\n`);
});
afterEach(async () => {
  await Promise.all(boxes.splice(0).map((b) => b.close()));
  w.cleanup();
});

/** Counts ticks of a 20 ms interval while `fn` runs: a blocked event loop would tick (almost) never. */
async function withTicks<T>(fn: () => Promise<T>): Promise<{ value: T; ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  const t0 = Date.now();
  try {
    const value = await fn();
    return { value, ticks, ms: Date.now() - t0 };
  } finally {
    clearInterval(timer);
  }
}

const threadCount = () => fs.readdirSync('/proc/self/task').length;

describe('search_in_files runs the regex off the event loop', () => {
  test.each([
    ['(a+)+$', 'nested quantifier anchored at the end'],
    ['(x+x+)+y', 'overlapping repetitions with a missing terminator'],
  ])('catastrophic pattern %s (%s) is stopped after search_timeout_ms while timers keep firing', async (pattern) => {
    const b = box({ search_timeout_ms: 1500 });
    const { value: r, ticks, ms } = await withTicks(() => b.callTool('search_in_files', { pattern }));
    expect(r).toEqual({ matches: [], total: 0, error: Messages.searchTimedOut(1500) });
    expect(r.error).toMatch(/^Search stopped after 1500 ms: the pattern is too expensive \(catastrophic backtracking\?\)/);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(10_000);
    // 1.5 s of 20 ms ticks is ~75; a blocked loop gives 0. Demand a small fraction so a busy machine cannot make this flaky.
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(b.searchPool.liveWorkers).toBe(0);
  });

  test('the next search after a timeout works on a fresh worker, and a warm worker is reused', async () => {
    // 3 s: the budget covers the fresh worker's start too, which took over 1 s on a loaded machine
    const b = box({ search_timeout_ms: 3000 });
    expect((await b.callTool('search_in_files', { pattern: '(a+)+$' })).error).toBe(Messages.searchTimedOut(3000));
    expect(b.searchPool.startedWorkers).toBe(1);
    const ok = await b.callTool('search_in_files', { pattern: 'b$' });
    expect(ok).toEqual({
      matches: [
        { file: path.join(w.root, 'evil.txt'), line_number: '2', line: EVIL_A },
        { file: path.join(w.root, 'evil.txt'), line_number: '4', line: 'last b' },
      ],
      total: 2,
      truncated: false,
      files_searched: 3,
      files_skipped: 0,
    });
    expect(b.searchPool.startedWorkers).toBe(2);
    expect(b.searchPool.liveWorkers).toBe(1);
    await b.callTool('search_in_files', { pattern: 'first' });
    await b.callTool('search_in_files', { pattern: 'last' });
    expect(b.searchPool.startedWorkers).toBe(2);
  });

  test('an AbortSignal ends the call and terminates the worker long before search_timeout_ms', async () => {
    const b = box();
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('user cancelled')), 300);
    const { value: err, ticks, ms } = await withTicks(() => b.callTool('search_in_files', { pattern: '(a+)+$' }, { signal: ac.signal }).then(() => null, (e: unknown) => e));
    expect(err).toMatchObject({ code: 'aborted' });
    expect(ms).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThanOrEqual(1);
    // The pool reacts to the same abort event: its worker is gone (or going) at once.
    await waitFor(() => b.searchPool.liveWorkers === 0);
    expect(b.searchPool.startedWorkers).toBe(1);
    expect((await b.callTool('search_in_files', { pattern: '^first$' })).total).toBe(1);
  });

  test('a call timeout (callTool timeoutMs) fires before search_timeout_ms and terminates the worker', async () => {
    const b = box({ search_timeout_ms: 60_000 });
    const t0 = Date.now();
    await expect(b.callTool('search_in_files', { pattern: '(x+x+)+y' }, { timeoutMs: 500 })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(5_000);
    await waitFor(() => b.searchPool.liveWorkers === 0);
  });

  test('an expensive search does not hold up a normal one running at the same time', async () => {
    const b = box({ search_timeout_ms: 4000 });
    let evilDone = false;
    const evil = b.callTool('search_in_files', { pattern: '(a+)+$' }).finally(() => {
      evilDone = true;
    });
    const normal = await b.callTool('search_in_files', { pattern: '^last' });
    expect(normal.total).toBe(1);
    expect(evilDone).toBe(false);
    expect((await evil).error).toBe(Messages.searchTimedOut(4000));
  });

  test('close() terminates the workers (threads exit) and stops a running search with an explanation', async () => {
    const b = box();
    await b.callTool('search_in_files', { pattern: 'first' });
    expect(b.searchPool.liveWorkers).toBe(1);
    const withWorker = threadCount();
    await b.close();
    expect(b.searchPool.liveWorkers).toBe(0);
    expect(threadCount()).toBeLessThan(withWorker);

    const running = b.callTool('search_in_files', { pattern: '(a+)+$' });
    await waitFor(() => b.searchPool.liveWorkers === 1);
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    await b.close();
    expect(await running).toEqual({ matches: [], total: 0, error: Messages.searchClosed });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(b.searchPool.liveWorkers).toBe(0);
  });

  test('the idle warm worker does not keep a process alive (host started with a flag workers reject)', async () => {
    const entry = fileURLToPath(import.meta.resolve('@ovos-tools/toolbox-filesystem'));
    const script = `
      const { FileSystemToolBox } = await import(${JSON.stringify(entry)});
      const box = new FileSystemToolBox({ config: { root_path: ${JSON.stringify(w.root)} } });
      const r = await box.callTool('search_in_files', { pattern: '^first$' });
      console.log(JSON.stringify({ total: r.total, live: box.searchPool.liveWorkers }));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errOut = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (errOut += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      const killer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`child still running after 20 s (stdout ${out}, stderr ${errOut})`));
      }, 20_000);
      child.on('exit', (c) => {
        clearTimeout(killer);
        resolve(c);
      });
    });
    expect(errOut).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ total: 1, live: 1 });
  });
});

describe('the search pool: failures are outcomes, never hangs', () => {
  test('a worker script that cannot load fails the search with an explanation', async () => {
    const pool = createSearchPool({ script: new URL(`file://${w.base}/no-such-worker.js`) });
    const out = await pool.run(
      { files: [], realRoots: [w.root], source: 'x', flags: '', maxSearchFiles: 1, maxSearchBytes: 1, maxSearchFileBytes: 1, maxMatches: 1, maxLineChars: 1 },
      { timeoutMs: 20_000 },
    );
    expect(out).toMatchObject({ ok: false, kind: 'crashed' });
    expect((out as { detail: string }).detail).toMatch(/search worker/);
    expect(pool.liveWorkers).toBe(0);
    await pool.close();
  });

  test('searches beyond maxWorkers wait, and one still waiting when its budget ends says so', async () => {
    const pool = createSearchPool({ maxWorkers: 1, script: new URL('../dist/searchWorker.js', import.meta.url) }); // the built worker (the pool is imported from src)
    fs.writeFileSync(path.join(w.root, 'evil.txt'), `${EVIL_A}\n`);
    const req = (source: string) => ({
      files: [path.join(w.root, 'evil.txt')],
      realRoots: [w.root],
      source,
      flags: '',
      maxSearchFiles: 10,
      maxSearchBytes: 1000,
      maxSearchFileBytes: 1000,
      maxMatches: 10,
      maxLineChars: 100,
    });
    const evil = pool.run(req('(a+)+$'), { timeoutMs: 1500 });
    const starved = pool.run(req('b$'), { timeoutMs: 500 });
    const later = pool.run(req('b$'), { timeoutMs: 20_000 });
    expect(await starved).toEqual({ ok: false, kind: 'queued', detail: '500 ms' });
    expect(await evil).toEqual({ ok: false, kind: 'timeout', detail: '1500 ms' });
    expect(await later).toMatchObject({ ok: true, value: { searched: 1, matches: [{ line_number: '1' }] } });
    expect(pool.startedWorkers).toBe(2);
    await pool.close();
    expect(pool.liveWorkers).toBe(0);
  });
});

async function waitFor(cond: () => boolean, ms = 5_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
