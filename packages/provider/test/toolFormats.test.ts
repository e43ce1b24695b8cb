import { checkPayload, checkToolDefinitions, OvosFormatNote, TOOL_FORMATS, ToolsGetResponse, ToolsListResponse, VendorNameIndex, vendorToolName, type JsonObject, type VendorToolFormat } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttpServer, type HttpServerHandle } from '../src/transports/http/index.js';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { makePluginRoot, toolboxEntry, type PluginRoot } from './helpers/pluginRoot.js';

// ovos.tools.list/get with `format`, HTTP ?format=, and invoking by vendor-mapped name, on a real provider.
const VENDORS = TOOL_FORMATS.filter((f): f is VendorToolFormat => f !== 'ovos');
const SECRET = 'format-test-secret';

let root: PluginRoot;
let env: Awaited<ReturnType<typeof startFakeProvider>>;
let http: HttpServerHandle;

const toolbox = (id: string, cls: string, tools: string) => `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class ${cls} extends ToolBox {
  static toolboxId = ${JSON.stringify(id)};
  discoverTools() { return [${tools}]; }
}
`;

beforeAll(async () => {
  root = makePluginRoot();
  root.addPackage('format-tools', toolboxEntry('format_tools', './index.js#FormatTools'), {
    'index.js': toolbox(
      'format_tools',
      'FormatTools',
      `new AgentTool({ name: 'add', description: 'Add two integers.', argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: Type.Object({ sum: Type.Integer() }), toolCall: ({ a, b }) => ({ sum: a + b }) }),
       new AgentTool({ name: 'search', description: 'Search.', argumentSchema: Type.Object({ query: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1, default: 5 })), tags: Type.Optional(Type.Array(Type.String())) }),
         outputSchema: Type.Object({ args: Type.Any() }), toolCall: (args) => ({ args }) }),
       new AgentTool({ name: '2fa', description: 'Check a code.', argumentSchema: Type.Object({ code: Type.String() }), outputSchema: Type.Object({ ok: Type.Boolean() }), toolCall: ({ code }) => ({ ok: code === '123' }) }),
       new AgentTool({ name: 'env_set', description: 'Set variables.', argumentSchema: Type.Object({ vars: Type.Record(Type.String(), Type.String()) }), outputSchema: Type.Object({ n: Type.Integer() }), toolCall: ({ vars }) => ({ n: Object.keys(vars).length }) }),
       new AgentTool({ name: 'dup', description: 'Mine.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ who: Type.String() }), toolCall: () => ({ who: 'format_tools' }) })`,
    ),
  });
  root.addPackage('other-tools', toolboxEntry('other_tools', './index.js#OtherTools'), {
    'index.js': toolbox('other_tools', 'OtherTools', `new AgentTool({ name: 'dup', description: 'Theirs.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ who: Type.String() }), toolCall: () => ({ who: 'other_tools' }) })`),
  });
  env = await startFakeProvider([root.dir]);
  http = await startHttpServer(env.provider.service, { port: 0, secret: SECRET });
});
afterAll(async () => {
  await http?.close();
  await env?.provider.close();
  root?.cleanup();
});

const get = async (path: string) => {
  const res = await fetch(`${http.url}${path}`, { headers: { 'x-internal-secret': SECRET } });
  return { status: res.status, body: (await res.json()) as JsonObject };
};
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${http.url}${path}`, { method: 'POST', headers: { 'x-internal-secret': SECRET, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as JsonObject };
};
const nameOf = (t: JsonObject) => String((t.function as JsonObject | undefined)?.name ?? t.name);

describe('ovos.tools.list with a format', () => {
  test('no format and format "ovos" answer the same, unchanged', async () => {
    const plain = await env.ask('ovos.tools.list');
    expect(await env.ask('ovos.tools.list', { format: 'ovos' })).toEqual(plain);
    expect(await env.ask('ovos.tools.list', { format: null })).toEqual(plain);
    expect(Object.keys(plain)).toEqual(['tools', 'collisions']);
    expect((plain.tools as JsonObject[]).filter((t) => t.name === 'dup')).toHaveLength(2);
  });

  for (const format of VENDORS) {
    test(`${format}: every tool the format can express, once per name, passing the vendor's rules; the rest skipped with a reason`, async () => {
      const data = await env.ask('ovos.tools.list', { format });
      expect(checkPayload(ToolsListResponse, data)).toBeNull();
      expect(data.format).toBe(format);
      const tools = data.tools as JsonObject[];
      expect(checkToolDefinitions(format, tools)).toEqual([]);
      const skipped = (data.skipped as JsonObject[]).map((s) => s.name);
      const names = tools.map(nameOf);
      const index = new VendorNameIndex(['2fa', 'add', 'dup', 'env_set', 'search']);
      expect([...names.map((n) => index.resolve(n) ?? n), ...skipped].sort()).toEqual(['2fa', 'add', 'dup', 'env_set', 'search']);
      for (const n of data.notes as JsonObject[]) expect(checkPayload(OvosFormatNote, n)).toBeNull();
      expect(data.collisions).toEqual([{ name: 'dup', toolbox_ids: ['format_tools', 'other_tools'], winner: 'other_tools' }]);
    });
  }

  test('gemini: "2fa" is listed under a mapped name (renamed note); env_set, a free-form map it requires, is skipped', async () => {
    const data = await env.ask('ovos.tools.list', { format: 'gemini' });
    const mapped = vendorToolName('2fa', 'gemini');
    expect(mapped).not.toBe('2fa');
    expect((data.tools as JsonObject[]).map(nameOf)).toContain(mapped);
    expect(data.notes).toContainEqual(expect.objectContaining({ name: '2fa', toolbox_id: 'format_tools', path: '/name', action: 'renamed' }));
    expect(data.skipped).toEqual([{ name: 'env_set', toolbox_id: 'format_tools', error: expect.stringMatching(/^tool 'env_set' cannot be offered as gemini: required parameter at \/argument_schema\/properties\/vars cannot be expressed/) }]);
  });

  test('bad requests get clear errors naming the accepted formats', async () => {
    expect(await env.ask('ovos.tools.list', { format: 'claude' })).toEqual({ tools: [], error: `Invalid field 'format': Unknown format "claude": use one of ${TOOL_FORMATS.join(', ')}`, code: 'invalid_request' });
    expect(await env.ask('ovos.tools.list', { format: 3 })).toMatchObject({ tools: [], code: 'invalid_request', error: expect.stringContaining("Invalid field 'format'") });
    expect(await env.ask('ovos.tools.list', { format: 'openai', summary: true })).toMatchObject({ tools: [], code: 'invalid_request', error: expect.stringContaining("drop 'summary'") });
  });
});

describe('ovos.tools.get with a format', () => {
  test('answers {format, name, toolbox_id, tool, notes}; a vendor-mapped name finds the tool', async () => {
    const data = await env.ask('ovos.tools.get', { name: vendorToolName('2fa', 'gemini'), format: 'gemini' });
    expect(checkPayload(ToolsGetResponse, data)).toBeNull();
    expect(data).toMatchObject({ format: 'gemini', name: '2fa', toolbox_id: 'format_tools', tool: { name: vendorToolName('2fa', 'gemini'), parameters: { type: 'OBJECT' } } });
    expect(await env.ask('ovos.tools.get', { name: 'add', format: 'ovos' })).toEqual(await env.ask('ovos.tools.get', { name: 'add' }));
  });

  test('a tool the format cannot express, and an unknown format, are invalid_request', async () => {
    expect(await env.ask('ovos.tools.get', { name: 'env_set', format: 'gemini' })).toEqual({ error: expect.stringMatching(/^ValueError: tool 'env_set' cannot be offered as gemini: /), code: 'invalid_request' });
    expect(await env.ask('ovos.tools.get', { name: 'add', format: 'gpt' })).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('use one of ovos, mcp') });
  });
});

describe('invoking what a vendor listed', () => {
  test('by the gemini-mapped name, over ovos.tools.invoke and the per-toolbox call topic', async () => {
    const mapped = vendorToolName('2fa', 'gemini');
    expect(await env.ask('ovos.tools.invoke', { name: mapped, args: { code: '123' } })).toMatchObject({ name: mapped, result: { ok: true }, toolbox_id: 'format_tools' });
    expect(await env.ask('ovos.persona.tools.format_tools.call', { name: mapped, kwargs: { code: '9' } })).toEqual({ result: { ok: false }, toolbox_id: 'format_tools' });
    expect(await env.ask('ovos.tools.invoke', { name: 'zz_00000000', args: {} })).toMatchObject({ code: 'unknown_tool' });
  });

  test('openai-strict: the nulls strict mode sends for left-out properties are taken out with format, refused without', async () => {
    const strict = await env.ask('ovos.tools.get', { name: 'search', format: 'openai-strict' });
    const params = (strict.tool as { function: { parameters: { required: string[] } } }).function.parameters;
    expect(params.required).toEqual(['query', 'limit', 'tags']);
    const fromModel = { query: 'x', limit: null, tags: null };
    expect(await env.ask('ovos.tools.invoke', { name: 'search', args: fromModel })).toMatchObject({ code: 'invalid_arguments' });
    expect(await env.ask('ovos.tools.invoke', { name: 'search', args: fromModel, format: 'openai-strict' })).toMatchObject({ result: { args: { query: 'x', limit: 5 } } });
    expect(await env.ask('ovos.tools.invoke', { name: 'search', args: fromModel, format: 'nope' })).toMatchObject({ name: 'search', code: 'invalid_request' });
  });
});

describe('HTTP ?format=', () => {
  test('GET /internal/tools?format=anthropic lists definitions passing the vendor rules; no format is the seed shape', async () => {
    const seed = await get('/internal/tools');
    expect(seed.body).not.toHaveProperty('format');
    const { status, body } = await get('/internal/tools?format=anthropic');
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'anthropic', total: 5, skipped: [] });
    expect(checkToolDefinitions('anthropic', body.tools as unknown[])).toEqual([]);
    expect(body.tools).toEqual((await env.ask('ovos.tools.list', { format: 'anthropic' })).tools);
  });

  test('GET /internal/tools/{id}?format= with a mapped id, POST /internal/tools/call with a mapped id and format', async () => {
    const mapped = vendorToolName('2fa', 'gemini');
    const one = await get(`/internal/tools/${mapped}?format=gemini`);
    expect(one).toMatchObject({ status: 200, body: { format: 'gemini', id: '2fa', toolbox_id: 'format_tools', tool: { name: mapped } } });
    expect(await post('/internal/tools/call', { tool_id: mapped, args: { code: '123' } })).toMatchObject({ status: 200, body: { ok: true, result: { ok: true } } });
    expect(await post('/internal/tools/call', { tool_id: 'search', args: { query: 'q', limit: null, tags: null }, format: 'openai-strict' })).toMatchObject({ body: { ok: true, result: { args: { query: 'q', limit: 5 } } } });
  });

  test('an unknown format is a 400 naming the accepted ones; an unexpressible tool is a 400 saying why', async () => {
    const bad = await get('/internal/tools?format=llama');
    expect(bad).toEqual({ status: 400, body: { ok: false, code: 'invalid_request', field: 'format', error: `Unknown format "llama": use one of ${TOOL_FORMATS.join(', ')}` } });
    expect(await get('/internal/tools/add?format=llama')).toMatchObject({ status: 400, body: { field: 'format', tool_id: 'add' } });
    expect(await get('/internal/tools/env_set?format=gemini')).toMatchObject({ status: 400, body: { code: 'invalid_request', error: expect.stringContaining("cannot be offered as gemini") } });
    expect(await post('/internal/tools/call', { tool_id: 'add', args: {}, format: 'x' })).toMatchObject({ status: 400, body: { field: 'format' } });
    expect(await get('/internal/tools?format=openai&summary=true')).toMatchObject({ status: 400, body: { field: 'summary' } });
  });
});
