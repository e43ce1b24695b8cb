import {
  checkPayload,
  Message,
  PersonaDiscoverResponse,
  ToolboxCallResponse,
  ToolsChangedEvent,
  ToolsGetResponse,
  ToolsInvokeResponse,
  ToolsListRequest,
  ToolsListResponse,
  ToolsReloadResponse,
  type JsonObject,
  type TSchema,
} from '@ovos-tools/core';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { addGoldenToolboxes, makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

// Wire spec §4.4 (ovos-PHAL-plugin-tools bus API) and the golden samples of §9.
let root: PluginRoot;
let env: Awaited<ReturnType<typeof startFakeProvider>>;

beforeAll(async () => {
  root = makePluginRoot();
  addGoldenToolboxes(root);
  env = await startFakeProvider([root.dir]);
});
afterAll(async () => {
  await env.provider.close();
  root.cleanup();
});

const ADD_ARGS = {
  type: 'object',
  required: ['a', 'b'],
  properties: {
    a: { type: 'integer', description: 'First operand', title: 'A' },
    b: { type: 'integer', description: 'Second operand', title: 'B' },
  },
  title: 'AddArgs',
};

describe('ovos.tools.list', () => {
  test('lists every tool with exactly the OVOS keys, toolbox_id appended', async () => {
    const data = await env.ask('ovos.tools.list');
    expect(Object.keys(data)).toEqual(['tools']);
    const tools = data.tools as Record<string, unknown>[];
    expect(tools.map((t) => [t.name, t.toolbox_id])).toEqual([
      ['fail', 'fail_tools'],
      ['add', 'math_tools'],
    ]);
    for (const t of tools) expect(Object.keys(t)).toEqual(['name', 'description', 'argument_schema', 'output_schema', 'toolbox_id']);
    expect(tools[1]!.argument_schema).toEqual(ADD_ARGS);
  });

  test('summary mode returns light entries', async () => {
    const data = await env.ask('ovos.tools.list', { summary: true });
    expect(data.tools).toContainEqual({ name: 'add', summary: 'Add two integers.', tags: [], toolbox_id: 'math_tools' });
  });

  test('a tags filter of the wrong type is an error response', async () => {
    const data = await env.ask('ovos.tools.list', { tags: 5 });
    expect(data).toMatchObject({ tools: [], code: 'invalid_request' });
    expect(data.error).toContain("Invalid field 'tags'");
  });
});

describe('ovos.tools.get', () => {
  test('returns the full spec, OVOS keys first', async () => {
    const data = await env.ask('ovos.tools.get', { name: 'add' });
    expect(Object.keys(data).slice(0, 5)).toEqual(['name', 'description', 'argument_schema', 'output_schema', 'toolbox_id']);
    expect(data).toMatchObject({ name: 'add', description: 'Add two integers.', argument_schema: ADD_ARGS, toolbox_id: 'math_tools', summary: 'Add two integers.' });
    expect(data.output_schema).toMatchObject({ title: 'AddOutput', required: ['result'] });
  });

  test.each([[{}], [{ name: '' }], [{ name: null }], [{ name: 0 }], [{ name: false }], [{ name: [] }], [{ name: {} }]])('missing name %j', async (data) => {
    expect(await env.ask('ovos.tools.get', data)).toEqual({ error: "Missing required field: 'name'", code: 'missing_name' });
  });

  test('unknown and non-string names read like Python str()', async () => {
    expect(await env.ask('ovos.tools.get', { name: 'nope' })).toEqual({ error: "Unknown tool: 'nope'", code: 'unknown_tool' });
    expect((await env.ask('ovos.tools.get', { name: 42 })).error).toBe("Unknown tool: '42'");
    expect((await env.ask('ovos.tools.get', { name: true })).error).toBe("Unknown tool: 'True'");
  });

  test('an unhashable name gets an error response instead of silence', async () => {
    expect(await env.ask('ovos.tools.get', { name: ['add'] })).toEqual({ error: "Invalid field 'name': expected a string, received list", code: 'invalid_request' });
    expect((await env.ask('ovos.tools.get', { name: { a: 1 } })).error).toBe("Invalid field 'name': expected a string, received dict");
  });
});

describe('ovos.tools.invoke (golden samples §9)', () => {
  const invoke = (data: Record<string, unknown>) => env.ask('ovos.tools.invoke', data);

  test.each([
    [{ a: 3, b: 4 }, 7],
    [{ a: '3', b: 4.0 }, 7],
    [{ a: true, b: 4 }, 5],
    [{ a: 1, b: 2, extra: 9 }, 3],
  ])('args %j → %i', async (args, sum) => {
    const data = await invoke({ name: 'add', args });
    expect(data).toMatchObject({ name: 'add', result: { result: sum }, toolbox_id: 'math_tools' });
    expect(Object.keys(data).slice(0, 2)).toEqual(['name', 'result']);
    expect(typeof data.latency_ms).toBe('number');
  });

  test('a float for an integer is a validation error naming the field', async () => {
    const data = await invoke({ name: 'add', args: { a: 3.5, b: 4 } });
    expect(data.error).toMatch(/^ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'/);
    expect(data.error).toContain('a: must be integer, received 3.5');
    expect(data.code).toBe('invalid_arguments');
  });

  test('no args key validates {} (OVOS default)', async () => {
    const data = await invoke({ name: 'add' });
    expect(data.error).toMatch(/^ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'/);
    expect(data.error).toContain('a: required property is missing');
  });

  test.each([
    [null, 'NoneType'],
    [[1, 2], 'list'],
    ['x', 'str'],
  ])('args %j → RuntimeError with the Python type name', async (args, pyType) => {
    const data = await invoke({ name: 'add', args });
    expect(data.error).toBe(`RuntimeError: Tool 'add' called with unexpected type arguments: ${pyType}. Must be Dict[str, Any] or ToolArguments.`);
  });

  test('a failing tool reports the OVOS text and the cause', async () => {
    const data = await invoke({ name: 'fail', args: {} });
    expect(data.error).toMatch(/^RuntimeError: Tool execution failed for 'fail' in ToolBox 'fail_tools'/);
    expect(data.error).toContain('Error: boom');
    expect(data).toMatchObject({ name: 'fail', code: 'execution_failed', toolbox_id: 'fail_tools' });
  });

  test('unknown and missing names', async () => {
    expect(await invoke({ name: 'nope' })).toEqual({ name: 'nope', error: "Unknown tool: 'nope'", code: 'unknown_tool' });
    expect(await invoke({ args: {} })).toEqual({ name: '', error: "Missing required field: 'name'", code: 'missing_name' });
    expect(await invoke({ name: { x: 1 } })).toMatchObject({ error: "Invalid field 'name': expected a string, received dict", code: 'invalid_request' });
  });

  test('the response swaps source and destination and keeps the session', async () => {
    const reply = await env.bus.waitForResponse(
      new Message('ovos.tools.invoke', { name: 'add', args: { a: 3, b: 4 } }, { source: 'cli', destination: 'phal', session: { session_id: 'abc' } }),
    );
    expect(reply!.type).toBe('ovos.tools.invoke.response');
    expect(reply!.context).toMatchObject({ source: 'phal', destination: 'cli', session: { session_id: 'abc' } });
  });
});

describe('ovos.tools.reload', () => {
  test('answers {loaded, total_tools} with entry-point names', async () => {
    const data = await env.ask('ovos.tools.reload');
    expect(data).toMatchObject({ loaded: ['fail_tools', 'math_tools'], total_tools: 2, problems: [] });
    expect(Object.keys(data).slice(0, 2)).toEqual(['loaded', 'total_tools']);
  });

  test('after several reloads every request still gets exactly one response', async () => {
    for (let i = 0; i < 3; i++) await env.ask('ovos.tools.reload');
    const calls = env.count('ovos.persona.tools.math_tools.call.response');
    const discovers = env.count('ovos.persona.tools.discover.response');
    const invokes = env.count('ovos.tools.invoke.response');
    await env.ask('ovos.persona.tools.math_tools.call', { name: 'add', kwargs: { a: 5, b: 6 } });
    await env.ask('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 1 } });
    env.bus.emit(new Message('ovos.persona.tools.discover'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((m) => m.data)).toEqual([{ result: { result: 11 }, toolbox_id: 'math_tools' }]);
    expect(invokes).toHaveLength(1);
    expect(discovers.map((m) => m.data.toolbox_id).sort()).toEqual(['fail_tools', 'math_tools']);
  });
});

describe('keys the provider does not read are named, not silently dropped', () => {
  test('an invoke with `arguments` instead of `args` says so in its error', async () => {
    const data = await env.ask('ovos.tools.invoke', { name: 'add', arguments: { a: 1, b: 2 } });
    expect(data).toMatchObject({ name: 'add', code: 'invalid_arguments' });
    expect(data.error).toMatch(/^ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'.* \(note: unknown key 'arguments' was ignored \(the tool's arguments go in 'args'\)\)$/);
    expect(checkPayload(ToolsInvokeResponse, data)).toBeNull();
  });

  test('a call that succeeds despite an unknown key carries warnings', async () => {
    const data = await env.ask('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 2 }, kwargs: { a: 5 }, priority: 'high' });
    expect(data).toMatchObject({ result: { result: 3 }, warnings: ["unknown keys 'kwargs', 'priority' were ignored (the tool's arguments go in 'args')"] });
    expect(checkPayload(ToolsInvokeResponse, data)).toBeNull();
    expect(await env.ask('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 2 } })).not.toHaveProperty('warnings');
  });

  test('the per-toolbox topics take kwargs, and say so to a caller sending args', async () => {
    const data = await env.ask('ovos.persona.tools.math_tools.call', { name: 'add', args: { a: 1, b: 2 } });
    expect(data).toMatchObject({ toolbox_id: 'math_tools', code: 'invalid_arguments', error: expect.stringContaining("(note: unknown key 'args' was ignored (the tool's arguments go in 'kwargs'))") });
    expect(checkPayload(ToolboxCallResponse, data)).toBeNull();
    const ok = await env.ask('ovos.persona.tools.call', { toolbox_id: 'math_tools', name: 'add', kwargs: { a: 1, b: 2 } });
    expect(ok).toEqual({ result: { result: 3 }, toolbox_id: 'math_tools' });
  });
});

describe('collisions and the two-phase catalog', () => {
  test('last loaded wins, collisions are reported, tags filter with AND', async () => {
    const r = makePluginRoot();
    r.addPackage('a-first', toolboxEntry('first'), { 'index.js': toolboxSource('first', { shared: '() => ({ result: "first" })', only_a: '() => ({ result: 1 })' }) });
    r.addPackage('b-second', toolboxEntry('second'), { 'index.js': toolboxSource('second', { shared: '() => ({ result: "second" })' }) });
    const e = await startFakeProvider([r.dir]);
    try {
      const list = await e.ask('ovos.tools.list');
      expect((list.tools as { name: string }[]).map((t) => t.name)).toEqual(['shared', 'only_a', 'shared']);
      expect(list.collisions).toEqual([{ name: 'shared', toolbox_ids: ['first', 'second'], winner: 'second' }]);
      expect(await e.ask('ovos.tools.invoke', { name: 'shared', args: {} })).toMatchObject({ result: { result: 'second' }, toolbox_id: 'second' });
      expect((await e.ask('ovos.tools.get', { name: 'shared' })).toolbox_id).toBe('second');
      const tagged = await e.ask('ovos.tools.list', { summary: true, tags: ['test', 'only_a'] });
      expect(tagged.tools).toEqual([{ name: 'only_a', summary: 'only_a tool', tags: ['test', 'only_a'], toolbox_id: 'first' }]);
      expect(((await e.ask('ovos.tools.list', { tags: 'shared' })).tools as unknown[]).length).toBe(2);
    } finally {
      await e.provider.close();
      r.cleanup();
    }
  });
});

// Every answer the OVOS transport sends matches core's payload schema for its topic (wire/ovosResponses.ts), for good
// and bad requests alike; requests are checked against the request schemas at the edge.
const conforms = (schema: TSchema, data: JsonObject) => expect({ data, mismatch: checkPayload(schema, data) }).toEqual({ data, mismatch: null });

describe('OVOS payload schemas', () => {
  test.each<[string, JsonObject]>([
    ['ovos.tools.list', {}],
    ['ovos.tools.list', { summary: true }],
    ['ovos.tools.list', { tags: ['math'] }],
    ['ovos.tools.list', { tags: 5 }],
    ['ovos.tools.list', { tags: [1, 2] }],
  ])('%s %j answers a ToolsListResponse', async (topic, data) => conforms(ToolsListResponse, await env.ask(topic, data)));

  test.each<JsonObject>([{ name: 'add' }, { name: 'nope' }, {}, { name: [1] }, { name: { a: 1 } }, { name: 42 }])('ovos.tools.get %j answers a ToolsGetResponse', async (data) =>
    conforms(ToolsGetResponse, await env.ask('ovos.tools.get', data)),
  );

  test.each<JsonObject>([
    { name: 'add', args: { a: 2, b: 3 } },
    { name: 'add', args: { a: 'x' } },
    { name: 'add', args: 7 },
    { name: 'fail', args: {} },
    { name: 'nope' },
    {},
    { name: ['add'] },
  ])('ovos.tools.invoke %j answers a ToolsInvokeResponse', async (data) => conforms(ToolsInvokeResponse, await env.ask('ovos.tools.invoke', data)));

  test('reload answers a ToolsReloadResponse and broadcasts nothing that is not a ToolsChangedEvent', async () => {
    const changed = env.count('ovos.tools.changed');
    conforms(ToolsReloadResponse, await env.ask('ovos.tools.reload'));
    for (const m of changed) conforms(ToolsChangedEvent, m.data);
  });

  test('per-toolbox discover and call answers match their schemas', async () => {
    const discovered: JsonObject[] = [];
    env.bus.on('ovos.persona.tools.discover.response', (m: Message) => void discovered.push(m.data));
    env.bus.emit(new Message('ovos.persona.tools.discover', {}));
    await new Promise((r) => setTimeout(r, 50));
    expect(discovered.map((d) => d.toolbox_id).sort()).toEqual(['fail_tools', 'math_tools']);
    for (const d of discovered) conforms(PersonaDiscoverResponse, d);
    // exactly the keys a Python ToolBox sends: no provider stamp
    for (const d of discovered) {
      expect(Object.keys(d)).toEqual(['tools', 'toolbox_id']);
      for (const t of d.tools as JsonObject[]) expect(Object.keys(t)).toEqual(['name', 'description', 'argument_schema', 'output_schema']);
    }
    for (const data of [{ name: 'add', kwargs: { a: 1, b: 2 } }, { name: 'add', kwargs: { a: 'x' } }, { name: 'missing' }, {}]) {
      conforms(ToolboxCallResponse, await env.ask('ovos.persona.tools.math_tools.call', data));
      conforms(ToolboxCallResponse, await env.ask('ovos.persona.tools.call', { toolbox_id: 'math_tools', ...data }));
    }
  });

  test('the request schemas name the field that is wrong', () => {
    expect(checkPayload(ToolsListRequest, { tags: 5 })).toEqual({ field: 'tags', received: 5 });
    expect(checkPayload(ToolsListRequest, { tags: ['a', 2] })).toEqual({ field: 'tags', received: ['a', 2] });
    expect(checkPayload(ToolsListRequest, { tags: 'a', summary: 'yes', extra: 1 })).toBeNull();
  });
});
