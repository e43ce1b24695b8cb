import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGoldenToolboxes, makePluginRoot, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, RawOvosClient, startServe, type ServeProcess } from './helpers/serve.js';

// The seed 000 README's third-party example, from Python's point of view: a client that speaks only the
// OVOS wire format lists, gets, invokes and reloads against `ovos-tools serve` on its embedded messagebus.
let root: PluginRoot;
let serve: ServeProcess;
let client: RawOvosClient;

beforeAll(async () => {
  root = makePluginRoot();
  addGoldenToolboxes(root);
  serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'always']);
  client = await RawOvosClient.connect(serve.url);
});
afterAll(async () => {
  client?.close();
  expect(await serve?.stop()).toBe(0);
  root?.cleanup();
});

describe('OVOS wire format against ovos-tools serve', () => {
  test('the bus greets like ovos-messagebus', async () => {
    const c = await RawOvosClient.connect(serve.url);
    try {
      await expect(c.first('connected')).resolves.toEqual({ type: 'connected', data: {}, context: { session: { session_id: 'default' } } });
    } finally {
      c.close();
    }
  });

  test('list, get, invoke, reload', async () => {
    const list = await client.request('ovos.tools.list');
    expect((list.data.tools as { name: string }[]).map((t) => t.name)).toEqual(['fail', 'add']);
    const get = await client.request('ovos.tools.get', { name: 'add' });
    expect(get.data).toMatchObject({ name: 'add', description: 'Add two integers.', toolbox_id: 'math_tools' });
    const invoke = await client.request('ovos.tools.invoke', { name: 'add', args: { a: 10, b: 32 } });
    expect(invoke.data).toMatchObject({ name: 'add', result: { result: 42 } });
    expect(invoke.context).toMatchObject({ source: 'phal', destination: 'python-skill' });
    const reload = await client.request('ovos.tools.reload');
    expect(reload.data).toMatchObject({ loaded: ['fail_tools', 'math_tools'], total_tools: 2 });
  });

  test('the per-toolbox API answers beside the provider API', async () => {
    const discovered = client.next('ovos.persona.tools.discover.response');
    const second = client.next('ovos.persona.tools.discover.response');
    client.send('ovos.persona.tools.discover');
    const ids = [(await discovered).data.toolbox_id, (await second).data.toolbox_id].sort();
    expect(ids).toEqual(['fail_tools', 'math_tools']);
    const call = await client.request('ovos.persona.tools.math_tools.call', { name: 'add', kwargs: { a: 5, b: 6 } });
    expect(call.data).toEqual({ result: { result: 11 }, toolbox_id: 'math_tools' });
  });
});

describe('the ovos-tools CLI against the running provider', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args, '--bus-url', serve.url], { encoding: 'utf8', timeout: 20_000 });

  test('list prints a table, --json the raw response', () => {
    const table = run('list');
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s+TOOLBOX\s+DESCRIPTION\n/);
    expect(table.stdout).toMatch(/add\s+math_tools\s+Add two integers\./);
    const json = JSON.parse(run('list', '--summary', '--json').stdout);
    expect(json.tools).toContainEqual({ name: 'add', summary: 'Add two integers.', tags: [], toolbox_id: 'math_tools' });
  });

  test('get and invoke; error responses exit 1, bad JSON exits 2', () => {
    expect(run('get', 'add').stdout).toContain('a: integer (required) - First operand');
    const ok = run('invoke', 'add', '{"a": 2, "b": 40}');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ result: 42 });
    const bad = run('invoke', 'add', '{"a": 2.5, "b": 1}');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'");
    expect(run('invoke', 'add', '{nope').status).toBe(2);
    expect(run('get', 'nope').stderr).toContain("Unknown tool: 'nope'");
    expect(run('reload').stdout).toContain('loaded 2 toolbox(es), 2 tool(s): fail_tools, math_tools');
  });

  test('no messagebus: exit 3 with a hint', async () => {
    const port = await freePort();
    const r = spawnSync(process.execPath, [cliPath, 'list', '--bus-url', `ws://127.0.0.1:${port}/core`], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('no messagebus answers at');
  });
});
