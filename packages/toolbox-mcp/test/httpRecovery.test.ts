import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConnectError, McpToolboxHost } from '../src/index.js';
import { ctx, freePort, kill, portOf, startHost, startHttpFixture, until } from './helpers.js';

const require = createRequire(import.meta.url);
const everything = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

/** The npm reference server over Streamable HTTP on `port` (it answers an unknown session with 400 "No valid session ID provided"). */
function startEverythingHttp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [everything, 'streamableHttp'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: String(port) } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
    child.stderr!.on('data', (d: Buffer) => {
      if (/listening on port/i.test(String(d))) resolve(child);
    });
  });
}

const children: ChildProcess[] = [];
const hosts: McpToolboxHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  await Promise.all(children.splice(0).map((c) => kill(c)));
});
async function fixture(port = 0) {
  const f = await startHttpFixture(port);
  children.push(f.child);
  return f;
}
async function host(url: string, toolboxId = 'remote') {
  const h = await startHost({ transport: 'http', url, headers: {}, prefix: '' }, toolboxId);
  hosts.push(h);
  return h;
}

describe('a Streamable HTTP server that restarts: the host starts a new session and the call goes through', () => {
  test('a spec-compliant server (404 Session not found): the first call after the restart succeeds on a new session', async () => {
    const first = await fixture();
    const h = await host(first.url);
    const before = await h.call('pid', {}, ctx());
    expect(before).toMatchObject({ ok: true, result: { pid: first.child.pid } });

    await kill(first.child);
    const second = await fixture(portOf(first.url));
    expect(await h.call('pid', {}, ctx())).toEqual({ ok: true, result: { pid: second.child.pid } });
    expect(await h.call('add', { a: 2, b: 3 }, ctx())).toEqual({ ok: true, result: { sum: 5 } });
    expect(h.health()).toMatchObject({ state: 'ready', restarts: 1 });
    expect(h.health().lastError).toMatch(/MCP server 'remote' at http:\/\/127\.0\.0\.1:\d+\/mcp ended our session/);
  });

  test('server-everything from npm (400 "No valid session ID provided"): killed, restarted, the next call succeeds', async () => {
    const port = await freePort();
    children.push(await startEverythingHttp(port));
    const h = await host(`http://127.0.0.1:${port}/mcp`, 'everything');
    expect(JSON.stringify(await h.call('get-sum', { a: 1, b: 2 }, ctx()))).toContain('3');

    await kill(children.pop()!);
    children.push(await startEverythingHttp(port));
    const after = await h.call('get-sum', { a: 20, b: 22 }, ctx());
    expect(after).toMatchObject({ ok: true });
    expect(JSON.stringify(after)).toContain('42');
    expect(h.health()).toMatchObject({ state: 'ready', restarts: 1 });
  });

  test('concurrent calls after a restart share one new session', async () => {
    const first = await fixture();
    const h = await host(first.url);
    await kill(first.child);
    const second = await fixture(portOf(first.url));
    const results = await Promise.all([1, 2, 3, 4].map((a) => h.call('add', { a, b: 1 }, ctx())));
    expect(results).toEqual([2, 3, 4, 5].map((sum) => ({ ok: true, result: { sum } })));
    expect(h.health().restarts).toBe(1);
    expect(await h.call('pid', {}, ctx())).toEqual({ ok: true, result: { pid: second.child.pid } });
  });
});

describe('a Streamable HTTP server that is down', () => {
  test('a call is answered at once with toolbox_unavailable naming the server and its URL; once it is back, calls work again', async () => {
    const first = await fixture();
    const h = await host(first.url);
    await kill(first.child);

    const started = Date.now();
    const down = await h.call('add', { a: 1, b: 1 }, ctx(20_000));
    expect(Date.now() - started).toBeLessThan(10_000); // not the call's 20 s deadline
    expect(down).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable' } });
    const text = !down.ok ? down.error.error : '';
    expect(text).toContain(`MCP server 'remote' at ${first.url} is unreachable`);
    expect(text).toMatch(/ECONNREFUSED/);
    expect(text).not.toMatch(/^fetch failed$/);
    // a second call while it is still down: the same clear answer, not a wait
    expect(await h.call('add', { a: 1, b: 1 }, ctx())).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable', error: expect.stringContaining(first.url) } });

    await fixture(portOf(first.url));
    expect(await h.call('add', { a: 1, b: 1 }, ctx())).toEqual({ ok: true, result: { sum: 2 } });
    expect(h.health().state).toBe('ready');
  });

  test('mounting a server that is down fails with a ConnectError naming the server and its URL (the query, which may hold a token, left out)', async () => {
    const port = await freePort();
    const err = await startHost({ transport: 'http', url: `http://127.0.0.1:${port}/mcp?token=hunter2`, headers: {}, prefix: '' }, 'search').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as Error).message).toMatch(new RegExp(`^MCP server 'search' at http://127\\.0\\.0\\.1:${port}/mcp is unreachable: .*ECONNREFUSED`));
    expect((err as Error).message).not.toMatch(/token|hunter2/);
  });

  test('a server that stays down is never given up on (no unhealthy state for HTTP)', async () => {
    const first = await fixture();
    const h = await startHost({ transport: 'http', url: first.url, headers: {}, prefix: '' }, 'remote', { maxRestarts: 1, restartDelayMs: 20, maxRestartDelayMs: 40 });
    hosts.push(h);
    await kill(first.child);
    for (let i = 0; i < 4; i++) expect(await h.call('add', { a: 1, b: 1 }, ctx())).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable' } });
    await until(() => h.health().restarts === 0 && h.health().state === 'restarting', 'background retries');
    await new Promise((r) => setTimeout(r, 200)); // several background retries at 20-40 ms
    expect(h.health().state).toBe('restarting');
    await fixture(portOf(first.url));
    await until(() => h.health().state === 'ready', 'the background reconnect');
    expect(await h.call('add', { a: 2, b: 2 }, ctx())).toEqual({ ok: true, result: { sum: 4 } });
  });
});
