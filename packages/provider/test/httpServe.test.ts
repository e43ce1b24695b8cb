import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { addGoldenToolboxes, makePluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, startServe } from './helpers/serve.js';

const root = makePluginRoot();
addGoldenToolboxes(root);
afterAll(() => root.cleanup());

describe('ovos-tools serve --http', () => {
  it('serves the HTTP API next to the bus, on loopback, and says where', async () => {
    const port = await freePort();
    const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'always', '--http', String(port)]);
    try {
      expect(serve.output()).toContain(`HTTP API on http://127.0.0.1:${port}`);
      // without state.redis: the generation and what it serves, no replica sync
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ status: 'ok', generation: 1, digest: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) });
      const res = await fetch(`http://127.0.0.1:${port}/internal/tools/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tool_id: 'add', args: { a: 2, b: 3 } }),
      });
      expect(await res.json()).toMatchObject({ ok: true, result: { result: 5 }, tool_id: 'add' });
    } finally {
      await serve.stop();
    }
  });

  it('says what a route needs: a credential for /openapi.json, POST for /internal/tools/call; names misplaced arguments', async () => {
    const port = await freePort();
    const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'always', '--http', String(port)], { OVOS_TOOLS_HTTP_SECRET: 'op-secret-0123456789' });
    const base = `http://127.0.0.1:${port}`;
    const auth = { 'x-internal-secret': 'op-secret-0123456789' };
    try {
      const openapi = await fetch(`${base}/openapi.json`);
      expect(openapi.status).toBe(401);
      expect((await openapi.json()).error).toContain('every route but /health and /inspector (also /openapi.json and /mcp) needs a valid credential');
      expect((await fetch(`${base}/openapi.json`, { headers: auth })).status).toBe(200);

      for (const route of ['call', 'reload']) {
        const res = await fetch(`${base}/internal/tools/${route}`, { headers: auth });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
        expect(await res.json()).toMatchObject({ ok: false, code: 'method_not_allowed', error: expect.stringContaining(`POST /internal/tools/${route}`) });
      }
      expect((await fetch(`${base}/internal/tools/add`, { headers: auth })).status).toBe(200);

      const call = async (body: Record<string, unknown>) =>
        (await fetch(`${base}/internal/tools/call`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      const wrong = await call({ tool_id: 'add', arguments: { a: 2, b: 3 } });
      expect(wrong).toMatchObject({ ok: false, code: 'invalid_arguments', error: expect.stringContaining("(note: unknown key 'arguments' was ignored (the tool's arguments go in 'args'))") });
      expect(await call({ tool_id: 'add', args: { a: 2, b: 3 }, params: { a: 1 }, microdao_id: 'm1' })).toMatchObject({ ok: true, result: { result: 5 }, warnings: ["unknown key 'params' was ignored (the tool's arguments go in 'args')"] });
    } finally {
      await serve.stop();
    }
  });

  it('refuses a non-loopback address without a secret, saying how to fix it', async () => {
    const url = `ws://127.0.0.1:${await freePort()}/core`;
    const proc = spawn(process.execPath, [cliPath, 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root.dir, '--http', `0.0.0.0:${await freePort()}`], {
      env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn', OVOS_TOOLS_HTTP_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toMatch(/refusing to serve HTTP on 0\.0\.0\.0 without a secret: set http\.secret \(or OVOS_TOOLS_HTTP_SECRET\) or declare agents/);
  });
});
