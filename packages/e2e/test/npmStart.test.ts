import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { freePort, RawOvosClient, repoRoot } from './helpers/system.js';

// `npm start` is `node scripts/quickstart.mjs serve`: quickstart installs, builds (cached here: a build exists),
// then runs the provider as its child. A signal to either process must stop both and free the port.
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Started {
  quickstart: ChildProcess;
  providerPid: number;
  port: number;
  output: () => string;
}

async function npmStart(): Promise<Started> {
  const plugins = mkdtempSync(path.join(os.tmpdir(), 'ovos-npmstart-'));
  cleanups.push(() => rmSync(plugins, { recursive: true, force: true }));
  const port = await freePort();
  const quickstart = spawn(process.execPath, ['scripts/quickstart.mjs', 'serve', '--bus-url', `ws://127.0.0.1:${port}/core`, '--plugins', plugins], {
    cwd: repoRoot,
    env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => quickstart.kill('SIGKILL'));
  let out = '';
  quickstart.stdout!.on('data', (d) => (out += d));
  quickstart.stderr!.on('data', (d) => (out += d));
  await until(() => out.includes('ovos-tools provider serving'), () => `the provider banner:\n${out}`, 100_000);
  const children = readFileSync(`/proc/${quickstart.pid}/task/${quickstart.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const providerPid = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ovos-tools.js'));
  if (!providerPid) throw new Error(`no provider child of quickstart ${quickstart.pid} among ${children.join(', ')}`);
  cleanups.push(() => isAlive(providerPid) && process.kill(providerPid, 'SIGKILL'));
  // the provider really serves there
  const client = await RawOvosClient.connect(`ws://127.0.0.1:${port}/core`);
  expect((await client.request('ovos.tools.list')).data.tools).toEqual([]);
  client.close();
  return { quickstart, providerPid, port, output: () => out };
}

const exitOf = (p: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve({ code: p.exitCode, signal: p.signalCode }) : p.once('exit', (code, signal) => resolve({ code, signal })),
  );

describe('npm start (scripts/quickstart.mjs serve)', () => {
  test('SIGTERM to quickstart stops the provider too, leaves no process and frees the port', async () => {
    const s = await npmStart();
    s.quickstart.kill('SIGTERM');
    expect(await exitOf(s.quickstart)).toEqual({ code: 0, signal: null }); // the provider shut down cleanly
    await until(() => !isAlive(s.providerPid), () => `provider ${s.providerPid} to exit`);
    expect(await portIsFree(s.port)).toBe(true);
  });

  test('SIGTERM to `npm start` itself (npm does not pass it on) stops quickstart and the provider and frees the port', async () => {
    const plugins = mkdtempSync(path.join(os.tmpdir(), 'ovos-npmstart-'));
    cleanups.push(() => rmSync(plugins, { recursive: true, force: true }));
    const port = await freePort();
    const npm = spawn('npm', ['start', '--', '--bus-url', `ws://127.0.0.1:${port}/core`, '--plugins', plugins], {
      cwd: repoRoot,
      env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => npm.kill('SIGKILL'));
    let out = '';
    npm.stdout!.on('data', (d) => (out += d));
    npm.stderr!.on('data', (d) => (out += d));
    await until(() => out.includes('ovos-tools provider serving'), () => `the provider banner:\n${out}`, 100_000);
    const started = processesMentioning(`127.0.0.1:${port}/core`);
    expect(started.length).toBeGreaterThanOrEqual(2); // quickstart and the provider
    npm.kill('SIGTERM');
    await until(() => started.every((pid) => !isAlive(pid)), () => `${started.join(', ')} to exit:\n${out}`);
    expect(await portIsFree(port)).toBe(true);
  });

  test('SIGTERM to the provider ends quickstart with it', async () => {
    const s = await npmStart();
    process.kill(s.providerPid, 'SIGTERM');
    expect(await exitOf(s.quickstart)).toEqual({ code: 0, signal: null });
    expect(isAlive(s.providerPid)).toBe(false);
    expect(await portIsFree(s.port)).toBe(true);
  });
});

/** Pids of the processes whose command line contains `text`. */
function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function until(ok: () => boolean, what: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
