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
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ status: 'ok' });
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
