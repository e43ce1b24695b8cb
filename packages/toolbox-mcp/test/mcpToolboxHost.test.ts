import { afterEach, describe, expect, test } from 'vitest';
import { McpToolboxHost } from '../src/index.js';
import { ctx, startHost, stdioFixture, until } from './helpers.js';

const hosts: McpToolboxHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});
async function host(env: Record<string, string> = {}) {
  const h = await startHost(stdioFixture(env));
  hosts.push(h);
  return h;
}

describe('McpToolboxHost over stdio (local fixture server)', () => {
  test('describes the tools with schemas, annotations and title; skips names our wire format refuses', async () => {
    const h = await host();
    const { toolboxId, tools } = h.describe();
    expect(toolboxId).toBe('fixture');
    expect(h.kind).toBe('mcp');
    const add = tools.find((t) => t.name === 'add')!;
    expect(add).toMatchObject({ title: 'Add', readOnly: true, idempotent: true, description: 'Add two integers.' });
    expect(add.argumentSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(add.outputSchema).toMatchObject({ properties: { sum: { type: 'integer' } } });
    expect(tools.find((t) => t.name === 'fail')!.outputSchema).toEqual({ type: 'object' });
    expect(tools.map((t) => t.name)).not.toContain('bad.name');
    expect(h.health()).toMatchObject({ state: 'ready', restarts: 0, inflight: 0 });
  });

  test('calls: success, bad arguments, isError, output failing its schema, unknown tool', async () => {
    const h = await host();
    expect(await h.call('add', { a: 2, b: 3 }, ctx())).toEqual({ ok: true, result: { sum: 5 } });
    const bad = await h.call('add', { a: 'two' }, ctx());
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(!bad.ok && bad.error.error).toMatch(/^ValueError: Invalid arguments for tool 'add'.*a/);
    const fail = await h.call('fail', {}, ctx());
    expect(fail).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(!fail.ok && fail.error.error).toContain('boom: the fixture failed on purpose');
    const badOut = await h.call('bad_output', {}, ctx());
    expect(badOut).toMatchObject({ ok: false });
    expect(!badOut.ok && badOut.error.code).toMatch(/invalid_output|execution_failed/);
    expect(!badOut.ok && badOut.error.error).toMatch(/sum|schema|output/i);
    expect(await h.call('nope', {}, ctx())).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    const plain = await h.call('env_keys', {}, ctx());
    expect(plain.ok).toBe(true);
  });

  test("the server gets only its configured env plus PATH and HOME, not the provider's secrets", async () => {
    process.env.OVOS_TOOLS_TEST_SECRET = 'hunter2';
    try {
      const h = await host({ FIXTURE_SETTING: '1' });
      const r = await h.call('env_keys', {}, ctx());
      const keys = (r.ok ? (r.result as { keys: string[] }).keys : []) as string[];
      expect(keys).toContain('FIXTURE_SETTING');
      expect(keys).toContain('PATH');
      expect(keys).not.toContain('OVOS_TOOLS_TEST_SECRET');
    } finally {
      delete process.env.OVOS_TOOLS_TEST_SECRET;
    }
  });

  test('progress reaches ctx.onProgress; ctx.signal cancels the request on the server (notifications/cancelled)', async () => {
    const h = await host();
    const controller = new AbortController();
    const progress: unknown[] = [];
    const call = h.call('wait', {}, { ...ctx(20_000, controller), onProgress: (p) => {
      progress.push(p);
      controller.abort();
    } });
    expect(await call).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'waiting' }]);
    await until(async () => {
      const r = await h.call('cancellations', {}, ctx());
      return r.ok && (r.result as { count: number }).count === 1;
    }, 'the server to see the cancellation');
  });

  test("the server's list_changed refreshes the tools and tells onToolsChanged listeners", async () => {
    const h = await host();
    let changes = 0;
    h.onToolsChanged(() => changes++);
    expect(await h.call('add_late_tool', {}, ctx())).toMatchObject({ ok: true });
    await until(() => changes > 0, 'onToolsChanged');
    expect(h.describe().tools.map((t) => t.name)).toContain('late');
    expect(await h.call('late', {}, ctx())).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'late tool answered' }] } });
  });

  test('a server that dies mid-call: the call gets toolbox_crashed, the server restarts, the next call works', async () => {
    const h = await host();
    const crashed = await h.call('crash', {}, ctx());
    expect(crashed).toMatchObject({ ok: false, error: { code: 'toolbox_crashed' } });
    expect(!crashed.ok && crashed.error.error).toMatch(/crashed during the call.*restarted/);
    expect(await h.call('add', { a: 1, b: 1 }, ctx())).toEqual({ ok: true, result: { sum: 2 } });
    expect(h.health()).toMatchObject({ state: 'ready', restarts: 1 });
  });

  test('close answers calls in flight and later calls with toolbox_unavailable', async () => {
    const h = await host();
    const pending = h.call('wait', {}, ctx());
    await until(() => h.health().inflight === 1, 'the call to start');
    await h.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable' } });
    expect(await h.call('add', { a: 1, b: 1 }, ctx())).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable' } });
  });
});

describe('McpToolboxHost start failures are readable errors, never hangs', () => {
  test('a command that does not exist', async () => {
    await expect(startHost({ transport: 'stdio', command: '/nonexistent/mcp-server', args: [], env: {} })).rejects.toThrow(/ENOENT|nonexistent/);
  });
  test('a server that exits at once, with its stderr in the reason', async () => {
    await expect(startHost({ transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("no config file"); process.exit(2)'], env: {} })).rejects.toThrow(/no config file/);
  });
  test('a server that answers garbage and never initializes hits connect_timeout_ms', async () => {
    const spec = { transport: 'stdio' as const, command: process.execPath, args: ['-e', 'console.log("this is not JSON-RPC"); setInterval(() => {}, 1000)'], env: {} };
    await expect(startHost(spec, 'garbage', { connectTimeoutMs: 800 })).rejects.toThrow(/within 800 ms/);
  });
  test('an HTTP URL where nothing listens', async () => {
    await expect(startHost({ transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: {} })).rejects.toThrow();
  });
});
