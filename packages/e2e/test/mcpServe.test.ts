import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { repoRoot } from './helpers/system.js';

const bin = path.join(repoRoot, 'packages', 'provider', 'bin', 'ovos-tools.js');

/** A toolbox whose `wait_for_abort` runs until its signal fires (reporting progress), and `aborts` counts those. */
const slowToolbox = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
let aborts = 0;
const waitForAbort = (_args, ctx) => new Promise((resolve) => {
  ctx.progress({ progress: 1, total: 2, message: 'waiting' });
  ctx.signal.addEventListener('abort', () => { aborts++; resolve({ aborted: true }); }, { once: true });
});
export class Toolbox extends ToolBox {
  static toolboxId = 'slow-tools';
  discoverTools() {
    return [
      new AgentTool({ name: 'wait_for_abort', description: 'Waits until cancelled.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ aborted: Type.Boolean() }), toolCall: waitForAbort }),
      new AgentTool({ name: 'sleepy', description: 'Waits until its time limit.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ aborted: Type.Boolean() }), toolCall: waitForAbort }),
      new AgentTool({ name: 'aborts', description: 'How many waits were aborted.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ count: Type.Integer() }), readOnly: true, toolCall: () => ({ count: aborts }) }),
    ];
  }
}
`;

const newToolbox = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'greet-tools';
  discoverTools() {
    return [new AgentTool({ name: 'greet', description: 'Greets.', argumentSchema: Type.Object({ who: Type.String() }), outputSchema: Type.Object({ text: Type.String() }), toolCall: ({ who }) => ({ text: 'hello ' + who }) })];
  }
}
`;

describe('ovos-tools mcp, driven by the official MCP client over stdio', () => {
  let extra: PluginRoot;
  let work: string;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  const listChanged: number[] = [];

  beforeAll(async () => {
    extra = makePluginRoot();
    extra.addPackage('slow-tools', toolboxEntry('slow-tools'), { 'index.js': slowToolbox });
    work = mkdtempSync(path.join(os.tmpdir(), 'ovos-mcp-'));
    const config = path.join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ import_timeout_ms: 90_000, tool_timeouts: { sleepy: 300 }, 'ovos-filesystem-tools': { root_path: work } }));
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--plugins', repoRoot, '--plugins', extra.dir, '--config', config],
      cwd: repoRoot,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d) => (stderr += String(d)));
    client = new Client({ name: 'e2e', version: '1.0.0' });
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      listChanged.push(Date.now());
    });
    await client.connect(transport);
  }, 150_000);

  afterAll(async () => {
    await client?.close();
    extra?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('lists the bundled tools with annotations, output schemas and toolbox ids', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['evaluate_expression', 'unit_convert', 'get_current_datetime', 'read_file', 'run_command', 'fetch_url', 'wait_for_abort']) expect(names).toContain(n);
    const evaluate = tools.find((t) => t.name === 'evaluate_expression')!;
    expect(evaluate.inputSchema.type).toBe('object');
    expect(evaluate.inputSchema.required).toContain('expression');
    expect(evaluate.outputSchema?.type).toBe('object');
    expect(evaluate.annotations?.readOnlyHint).toBe(true);
    expect(evaluate._meta?.['org.openvoiceos/toolbox_id']).toBe('ovos-math-tools');
    const write = tools.find((t) => t.name === 'write_file')!;
    expect(write.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'fetch_url')!.annotations?.openWorldHint).toBe(true);
  });

  test('a call answers structuredContent and the same JSON as text', async () => {
    const r = await client.callTool({ name: 'evaluate_expression', arguments: { expression: '2**10 + sqrt(16)' } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ result: 1028, error: null });
    expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(r.structuredContent);
  });

  test('bad arguments come back as an error result the model can act on', async () => {
    const r = await client.callTool({ name: 'unit_convert', arguments: { value: 'five' } });
    expect(r.isError).toBe(true);
    expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/from_unit|value/);
    expect(r._meta?.['org.openvoiceos/error_code']).toBe('invalid_arguments');
  });

  test('an unknown tool is a protocol error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  test('a tool past its time limit is an error result with code timeout', async () => {
    const r = await client.callTool({ name: 'sleepy', arguments: {} });
    expect(r.isError).toBe(true);
    expect(r._meta?.['org.openvoiceos/error_code']).toBe('timeout');
  });

  test("the client's cancellation fires the tool's AbortSignal; progress reaches the client", async () => {
    const before = (await client.callTool({ name: 'aborts', arguments: {} })).structuredContent as { count: number };
    const controller = new AbortController();
    const progress: number[] = [];
    const call = client.callTool({ name: 'wait_for_abort', arguments: {} }, { signal: controller.signal, onprogress: (p: { progress: number }) => {
      progress.push(p.progress);
      controller.abort('user gave up');
    } } as never);
    await expect(call).rejects.toThrow();
    expect(progress).toEqual([1]);
    for (let i = 0; i < 100; i++) {
      const now = (await client.callTool({ name: 'aborts', arguments: {} })).structuredContent as { count: number };
      if (now.count > before.count) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the tool never saw its signal fire');
  });

  test('installing a toolbox and reloading (SIGHUP) sends tools/list_changed and offers the new tool', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('greet');
    extra.addPackage('greet-tools', toolboxEntry('greet-tools'), { 'index.js': newToolbox });
    const seen = listChanged.length;
    process.kill(transport.pid!, 'SIGHUP');
    for (let i = 0; i < 200 && listChanged.length === seen; i++) await new Promise((r) => setTimeout(r, 50));
    expect(listChanged.length).toBeGreaterThan(seen);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('greet');
    const r = await client.callTool({ name: 'greet', arguments: { who: 'mcp' } });
    expect(r.structuredContent).toEqual({ text: 'hello mcp' });
  });

  test('stdout carried only the protocol: the logs went to stderr', () => {
    expect(stderr).toMatch(/MCP over stdio: \d+ tool\(s\)/);
  });
});
