import { afterEach, describe, expect, test } from 'vitest';
import { MCP_CONTENT_RESULT_SCHEMA, McpToolboxHost, type McpToolSelection } from '../src/index.js';
import { ctx, freePort, recordingLogger, startHost, stdioFixture, until } from './helpers.js';

const hosts: McpToolboxHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});
async function host(env: Record<string, string> = {}, selection: Partial<McpToolSelection> = {}) {
  const h = await startHost(stdioFixture(env, selection));
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
    expect(tools.find((t) => t.name === 'fail')!.outputSchema).toEqual(MCP_CONTENT_RESULT_SCHEMA);
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
      const keys = (r.ok ? (r.result as { structuredContent: { keys: string[] } }).structuredContent.keys : []) as string[];
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

  test('a tool without an outputSchema: its content blocks of every kind come back unchanged, as {content}', async () => {
    const h = await host();
    const r = await h.call('blocks', {}, ctx());
    expect(r).toEqual({
      ok: true,
      result: {
        content: [
          { type: 'text', text: 'every kind of block' },
          { type: 'image', data: expect.stringMatching(/^iVBORw0KGgo/), mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///notes/a.txt', name: 'a.txt', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'file:///notes/b.txt', mimeType: 'text/plain', text: 'embedded text' } },
        ],
      },
    });
  });

  test('prefix renames the served tools; include and exclude (names or globs, on the server names) select them', async () => {
    const h = await host({}, { prefix: 'fx_', include: ['add', 'c*', 'fai?', 'no_such_tool'], exclude: ['cancellations'] });
    expect(h.describe().tools.map((t) => t.name).sort()).toEqual(['fx_add', 'fx_crash', 'fx_fail']);
    expect(await h.call('fx_add', { a: 20, b: 22 }, ctx())).toEqual({ ok: true, result: { sum: 42 } });
    expect(await h.call('add', { a: 1, b: 1 }, ctx())).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    expect(await h.call('fx_cancellations', {}, ctx())).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    const fail = await h.call('fx_fail', {}, ctx());
    expect(!fail.ok && fail.error.error).toContain('boom');

    const logger = recordingLogger();
    const onlyExclude = await startHost(stdioFixture({}, { include: ['ad?', 'reed_file'], exclude: ['*'] }), 'fixture', {}, logger);
    hosts.push(onlyExclude);
    expect(onlyExclude.describe().tools).toEqual([]);
    expect(logger.lines).toContain("warn: MCP server 'fixture': servers.fixture.include names 'reed_file', which the server does not list");
  });

  test('a server that dies mid-call: toolbox_crashed naming the server, its command and exit code; it restarts; the next call works', async () => {
    const h = await host();
    const crashed = await h.call('crash', {}, ctx());
    expect(crashed).toMatchObject({ ok: false, error: { code: 'toolbox_crashed' } });
    const text = !crashed.ok ? crashed.error.error : '';
    expect(text).toMatch(/crashed during the call: MCP server 'fixture' \(command: .*fixtureServer\.mjs\) exited with code 3; it is being restarted/);
    // the stderr tail is for the operator (health, logs), not for the model
    expect(text).not.toContain('hunter2');
    expect(h.health().lastError).toMatch(/exited with code 3; its stderr ended with: fixture: crashing on purpose/);
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
    await expect(startHost({ transport: 'stdio', command: '/nonexistent/mcp-server', args: ['--flag'], env: {} })).rejects.toThrow(
      /^MCP server 'fixture' \(command: \/nonexistent\/mcp-server --flag\) could not be started: spawn \/nonexistent\/mcp-server ENOENT/,
    );
  });
  test('a server that exits at once: its command, exit code and stderr in the reason', async () => {
    await expect(startHost({ transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("no config file"); process.exit(2)'], env: {} })).rejects.toThrow(
      /^MCP server 'fixture' \(command: .*node.* -e "console\.error.*"\) exited with code 2 before it answered initialize and tools\/list; its stderr ended with: no config file$/,
    );
  });
  test('the stderr tail in the reason is bounded', async () => {
    const err = await startHost({ transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("x".repeat(100000)); process.exit(1)'], env: {} }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/exited with code 1/);
    expect((err as Error).message.length).toBeLessThan(1000);
  });
  test('a server that answers garbage and never initializes hits connect_timeout_ms', async () => {
    const spec = { transport: 'stdio' as const, command: process.execPath, args: ['-e', 'console.log("this is not JSON-RPC"); setInterval(() => {}, 1000)'], env: {} };
    await expect(startHost(spec, 'garbage', { connectTimeoutMs: 800 })).rejects.toThrow(/within 800 ms/);
  });
  test('an HTTP URL where nothing listens', async () => {
    const port = await freePort();
    await expect(startHost({ transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} })).rejects.toThrow(
      new RegExp(`^MCP server 'fixture' at http://127\\.0\\.0\\.1:${port}/mcp is unreachable: fetch failed: connect ECONNREFUSED`),
    );
  });
});
