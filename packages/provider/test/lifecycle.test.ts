import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { addGoldenToolboxes, makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, RawOvosClient, startServe } from './helpers/serve.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const root = (): PluginRoot => {
  const r = makePluginRoot();
  cleanups.push(() => r.cleanup());
  addGoldenToolboxes(r);
  r.addPackage('slow-tools', toolboxEntry('slow_tools'), {
    'index.js': toolboxSource('slow_tools', { nap: '({ ms }) => new Promise((r) => setTimeout(() => r({ result: ms }), ms))' }),
  });
  return r;
};
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'ovos-life-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
};
const exited = (p: ReturnType<typeof spawn>) => new Promise<number | null>((resolve) => (p.exitCode !== null ? resolve(p.exitCode) : p.once('exit', (c) => resolve(c))));

describe('OVOS_TOOLS_BUS_URL', () => {
  test('serve and every client command take the bus URL from the environment', async () => {
    const serve = await startServe(['--plugins', root().dir], {}, { urlFromEnv: true });
    cleanups.push(() => serve.stop());
    expect(serve.output()).toContain(`on ${serve.url} (embedded messagebus)`);
    const env = { ...process.env, OVOS_TOOLS_BUS_URL: serve.url };
    const run = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 20_000, env });
    const list = run('list', '--summary', '--json');
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout).tools.map((t: { name: string }) => t.name).sort()).toEqual(['add', 'fail', 'nap']);
    expect(JSON.parse(run('get', 'add', '--json').stdout)).toMatchObject({ name: 'add', toolbox_id: 'math_tools' });
    expect(JSON.parse(run('invoke', 'add', '{"a": 2, "b": 3}').stdout)).toEqual({ result: 5 });
    expect(JSON.parse(run('reload', '--json').stdout)).toMatchObject({ total_tools: 3 });
    // --bus-url still wins over the environment
    const port = await freePort();
    const flag = run('list', '--bus-url', `ws://127.0.0.1:${port}/core`);
    expect(flag.status).toBe(3);
    expect(flag.stderr).toContain(`no messagebus answers at ws://127.0.0.1:${port}/core`);
  });
});

describe('ovos-tools --version', () => {
  test('prints the package version and exits 0', () => {
    const r = spawnSync(process.execPath, [cliPath, '--version'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(path.dirname(cliPath), '..', 'package.json'), 'utf8')).version);
  });
});

describe('serve shutdown', () => {
  test('SIGTERM (then a duplicate SIGINT) waits for a call in flight, answers it, frees the port and exits 0', async () => {
    const serve = await startServe(['--plugins', root().dir]);
    const client = await RawOvosClient.connect(serve.url);
    cleanups.push(() => client.close());
    const answer = client.request('ovos.tools.invoke', { name: 'nap', args: { ms: 400 } });
    await client.first('ovos.tools.invoke'); // the request went through the bus, so the provider has it
    serve.proc.kill('SIGTERM');
    serve.proc.kill('SIGINT'); // at once: the same stop request (as Ctrl-C from the terminal and from npm), not "force"
    expect((await answer).data).toMatchObject({ name: 'nap', result: { result: 400 } });
    expect(await exited(serve.proc)).toBe(0);
    const port = Number(new URL(serve.url).port);
    await new Promise<void>((resolve, reject) => {
      const s = createServer().once('error', reject);
      s.listen(port, '127.0.0.1', () => s.close(() => resolve()));
    });
  });

  test('the drain is bounded: a call still running at --drain-timeout is given up with a warning', async () => {
    const serve = await startServe(['--plugins', root().dir, '--drain-timeout', '200'], { OVOS_TOOLS_LOG_LEVEL: 'warn' });
    const client = await RawOvosClient.connect(serve.url);
    cleanups.push(() => client.close());
    client.send('ovos.tools.invoke', { name: 'nap', args: { ms: 25_000 } });
    await client.first('ovos.tools.invoke');
    serve.proc.kill('SIGTERM');
    expect(await exited(serve.proc)).toBe(0);
    expect(serve.output()).toContain('calls still running after 200 ms; stopping without their answers');
  });

  test('exits when its parent goes away (IPC channel closed), even if the parent is SIGKILLed', async () => {
    const dir = tempDir();
    const url = `ws://127.0.0.1:${await freePort()}/core`;
    const pidFile = path.join(dir, 'pid');
    // a parent that starts serve with an IPC channel, reports the child's pid, then waits to be killed
    const parentJs = `const { spawn } = require('node:child_process'); const fs = require('node:fs');
const c = spawn(process.execPath, [${JSON.stringify(cliPath)}, 'serve', '--bus-url', ${JSON.stringify(url)}, '--embedded-bus', 'always', '--plugins', ${JSON.stringify(root().dir)}], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
c.stdout.on('data', (d) => { if (String(d).includes('provider serving')) fs.writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); });
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentJs], { stdio: 'ignore' });
    cleanups.push(() => parent.kill('SIGKILL'));
    const childPid = await waitFor(() => Number(readFileOr(pidFile)) || undefined, 'the provider banner');
    parent.kill('SIGKILL');
    await waitFor(() => (isAlive(childPid) ? undefined : true), `provider ${childPid} to exit`);
  });

  test('SIGHUP stops it too', async () => {
    const serve = await startServe(['--plugins', root().dir]);
    serve.proc.kill('SIGHUP');
    expect(await exited(serve.proc)).toBe(0);
  });
});

describe('a port held by something else', () => {
  test('a port taken by a process that is not a messagebus: exit 3 saying so', async () => {
    const holder = createServer((s) => s.destroy());
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise((r) => holder.close(() => r(undefined))));
    const port = (holder.address() as { port: number }).port;
    const r = spawnSync(process.execPath, [cliPath, 'serve', '--bus-url', `ws://127.0.0.1:${port}/core`, '--plugins', tempDir()], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use by another process that is not an OVOS messagebus`);
  });

  test('a second serve on a bus where a provider already answers warns that every request would be answered twice', async () => {
    const dir = root().dir;
    const first = await startServe(['--plugins', dir]);
    cleanups.push(() => first.stop());
    const second = await startServe(['--plugins', dir], {}, { url: first.url });
    cleanups.push(() => second.stop());
    expect(second.output()).toContain(`another ovos-tools provider already answers on ${first.url} (3 tools)`);
    expect(first.output()).not.toContain('another ovos-tools provider');
  });
});

describe('systemd readiness', () => {
  test('with NOTIFY_SOCKET set, serve runs systemd-notify --ready once it serves', async () => {
    const dir = tempDir();
    const log = path.join(dir, 'notify.log');
    const fake = path.join(dir, 'systemd-notify');
    writeFileSync(fake, `#!/bin/sh\necho "$NOTIFY_SOCKET $*" >> ${JSON.stringify(log)}\n`);
    chmodSync(fake, 0o755);
    const serve = await startServe(['--plugins', root().dir], { NOTIFY_SOCKET: '/run/test-notify', PATH: `${dir}${path.delimiter}${process.env.PATH}` });
    const ready = await waitFor(() => readFileOr(log).split('\n').find((l) => l.includes('--ready')), 'READY=1');
    expect(ready).toBe(`/run/test-notify --pid=${serve.proc.pid} --ready --status=serving 3 tool(s) on ${serve.url}`);
    expect(await serve.stop()).toBe(0);
    expect(await waitFor(() => readFileOr(log).split('\n').find((l) => l.includes('STOPPING=1')), 'STOPPING=1')).toContain(`--pid=${serve.proc.pid}`);
  });
});

function readFileOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// 60 s: what it waits for is expected (a banner, an exit), so the bound only ends a failure; 20 s ran out for a
// provider started by a child process with a CPU-bound job beside the CI run
async function waitFor<T>(get: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = get();
    if (v !== undefined && v !== '' && v !== 0) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
