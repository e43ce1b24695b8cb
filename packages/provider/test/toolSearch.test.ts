import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '@ovos-tools/core';
import { MessageBusServer, type InProcessBusClient } from '@ovos-tools/messagebus';
import { hashCredential, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';
import { SEARCH_TOOLS_NAME } from '@ovos-tools/provider/mcp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, RawOvosClient } from './helpers/serve.js';

/**
 * Tool search through the service (issue 27) on every door: `ovos.tools.search` on a real messagebus,
 * `GET /internal/tools/search`, the opt-in `search_tools` MCP meta tool (deferred loading), `ovos-tools search`.
 * Only tools the caller may call are found; the index follows reloads; bad input gets the same clear error everywhere.
 */
const KID = 'kid-token-0123456789abcdef';
const OPERATOR = 'operator-secret-0123456789';
const run = promisify(execFile);
/** The toolbox the tests search: four tools, one of them named `search`. */
const HOME_TOOLS = toolboxSource('home', {
  get_weather_forecast: '() => ({ result: "sunny" })',
  set_kitchen_timer: '({ a }) => ({ result: `timer ${a ?? 0}` })',
  play_music_album: '() => ({ result: "playing" })',
  search: '() => ({ result: "a tool that happens to be called search" })',
});

let root: PluginRoot;
let server: MessageBusServer;
let busLink: InProcessBusClient;
let provider: ToolsProvider;
let http: HttpServerHandle;
let plainHttp: HttpServerHandle;
let bus: RawOvosClient;
const clients: Client[] = [];

beforeAll(async () => {
  root = makePluginRoot();
  root.addPackage('home-tools', toolboxEntry('home'), {
    'index.js': HOME_TOOLS,
    // example requests, the OVOS way (issue 39): only they say "rice" or "pasta"
    'locale/en/set_kitchen_timer.intent': 'let me know when the (pasta|eggs|rice) (is|are) done\n',
    'locale/pt-pt/set_kitchen_timer.intent': 'avisa me quando o (arroz|bolo) estiver pronto\n',
  });
  server = new MessageBusServer({ port: 0, logger: silentLogger });
  await server.start();
  busLink = server.attach({ logger: silentLogger });
  const settings = parseProviderConfig({
    isolation: 'inline',
    federation: false,
    bus_agent_field: 'agent_id',
    agents: { 'agent:kid': { credential: { sha256: hashCredential(KID, 'sha256') }, tools: ['get_weather_forecast', 'set_kitchen_timer', 'search'] } },
  });
  provider = new ToolsProvider({ bus: busLink, pluginRoots: [root.dir], settings, logger: silentLogger, logLevel: 'silent', brain: null });
  await provider.start();
  http = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents, secret: OPERATOR, mcpSearchTool: true });
  plainHttp = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents, secret: OPERATOR });
  bus = await RawOvosClient.connect(server.url);
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  bus?.close();
  await http?.close();
  await plainHttp?.close();
  await provider?.close();
  await busLink?.close();
  await server?.close();
  root?.cleanup();
});

async function mcpClient(base: string, token: string): Promise<Client> {
  const c = new Client({ name: 'search-test', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  clients.push(c);
  return c;
}

async function busSearch(data: Record<string, unknown>, agent?: string): Promise<Record<string, unknown>> {
  const reply = bus.next('ovos.tools.search.response', 10_000);
  bus.send('ovos.tools.search', data, { source: 'persona', ...(agent ? { agent_id: agent } : {}) });
  return (await reply).data as Record<string, unknown>;
}

async function httpSearch(query: Record<string, string>, token = KID): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${http.url}/internal/tools/search?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const names = (body: Record<string, unknown>) => (body.tools as Array<{ name: string }>).map((t) => t.name);

describe('search returns only what the caller may call', () => {
  test('the service: an agent never finds tools outside its allowlist, and their tags do not exist for it', async () => {
    const kid = { transport: 'in-process' as const, agentId: 'agent:kid' };
    const operator = await provider.service.search({ query: 'play some music' });
    expect(operator.ok && operator.results.map((r) => r.entry.tool.name)).toEqual(['play_music_album']);
    expect(await provider.service.search({ query: 'play some music', caller: kid })).toEqual({ ok: true, results: [], total: 0 });
    const hiddenTag = await provider.service.search({ query: 'music', tags: ['play_music_album'], caller: kid });
    expect(hiddenTag.ok).toBe(false);
    expect(!hiddenTag.ok && hiddenTag.error.error).toMatch(/^ValueError: Unknown tag "play_music_album"; the tools you may call carry: get_weather_forecast, search, set_kitchen_timer, test$/);
  });

  test('bus, HTTP and MCP give the agent the same tools for the same query', async () => {
    const onBus = await busSearch({ query: 'weather forecast for tomorrow', limit: 10 }, 'agent:kid');
    const overHttp = await httpSearch({ q: 'weather forecast for tomorrow', limit: '10' });
    expect(overHttp.status).toBe(200);
    expect(overHttp.body).toEqual(onBus);
    expect(names(onBus)[0]).toBe('get_weather_forecast');
    expect(names(onBus)).not.toContain('play_music_album');
    const mcp = await mcpClient(http.url, KID);
    const found = await mcp.callTool({ name: SEARCH_TOOLS_NAME, arguments: { query: 'weather forecast for tomorrow', limit: 10 } });
    expect((found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(names(onBus));
    const music = await busSearch({ query: 'play music album' }, 'agent:kid');
    expect(music.tools as unknown[]).not.toContainEqual(expect.objectContaining({ name: 'play_music_album' }));
  });
});

describe('utterances and explain (issue 39)', () => {
  const query = 'tell me when the rice is done';
  test("a toolbox's locale/<lang>/<tool>.intent requests are learned; explain says why, the same on every door", async () => {
    const plain = await busSearch({ query }, 'agent:kid');
    expect(names(plain)[0]).toBe('set_kitchen_timer');
    expect(Object.keys((plain.tools as object[])[0]!)).not.toContain('explain');
    expect(names(await busSearch({ query: 'avisa-me quando o arroz estiver pronto' }, 'agent:kid'))[0]).toBe('set_kitchen_timer');
    const onBus = await busSearch({ query, explain: true }, 'agent:kid');
    const first = (onBus.tools as Array<{ explain: { lexical: number; semantic: number | null; terms: unknown[] } }>)[0]!;
    expect(first.explain.lexical).toBe(1);
    expect(first.explain.terms).toContainEqual({ term: 'rice', word: 'rice', origin: 'query', fields: ['utterances'] });
    expect(first.explain.terms).toContainEqual({ term: '~the_rice', word: '~the_rice', origin: 'phrase', fields: ['phrases'] });
    const overHttp = await httpSearch({ q: query, explain: 'true' });
    expect(overHttp.status).toBe(200);
    expect(overHttp.body).toEqual(onBus);
    const mcp = clients[0] ?? (await mcpClient(http.url, KID));
    const overMcp = await mcp.callTool({ name: SEARCH_TOOLS_NAME, arguments: { query, explain: true } });
    expect((overMcp.structuredContent as { tools: Array<{ explain: unknown }> }).tools[0]!.explain).toEqual(first.explain);
  });
});

describe('ovos.tools.search on the bus', () => {
  test('answers {query, tools: [{name, toolbox_id, description, summary, tags, score}], total}, best first', async () => {
    const data = await busSearch({ query: 'set a kitchen timer', limit: 2 });
    expect(data.query).toBe('set a kitchen timer');
    const [first] = data.tools as Array<Record<string, unknown>>;
    expect(Object.keys(first!)).toEqual(['name', 'toolbox_id', 'description', 'summary', 'tags', 'score']);
    expect(first).toMatchObject({ name: 'set_kitchen_timer', toolbox_id: 'home', description: 'set_kitchen_timer tool', tags: ['test', 'set_kitchen_timer'], score: expect.any(Number) });
    expect((data.tools as unknown[]).length).toBeLessThanOrEqual(2);
    expect(data.total).toBeGreaterThanOrEqual((data.tools as unknown[]).length);
    const scores = (data.tools as Array<{ score: number }>).map((t) => t.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('include_schema: each tool is the full spec ovos.tools.get answers, plus its score', async () => {
    const data = await busSearch({ query: 'kitchen timer', include_schema: true, limit: 1 });
    const reply = bus.next('ovos.tools.get.response');
    bus.send('ovos.tools.get', { name: 'set_kitchen_timer' });
    const spec = (await reply).data;
    const [hit] = data.tools as Array<Record<string, unknown>>;
    const { score, ...rest } = hit!;
    expect(typeof score).toBe('number');
    expect(rest).toEqual(spec);
  });

  test('the index follows reloads: a tool installed and reloaded is found at once', async () => {
    expect(await provider.service.search({ query: 'vacuum cleaner robot' })).toEqual({ ok: true, results: [], total: 0 });
    root.addPackage('vacuum-tools', toolboxEntry('vacuum'), { 'index.js': toolboxSource('vacuum', { start_robot_vacuum_cleaner: '() => ({ result: "vroom" })' }) });
    await provider.reload();
    expect(names(await busSearch({ query: 'vacuum cleaner robot' }))).toEqual(['start_robot_vacuum_cleaner']);
    root.removePackage('vacuum-tools');
    await provider.reload();
    expect(await busSearch({ query: 'vacuum cleaner robot' })).toMatchObject({ tools: [], total: 0 });
  });
});

describe('bad input: the same clear error on every door', () => {
  const cases: Array<{ what: string; args: Record<string, unknown>; error: RegExp }> = [
    { what: 'an empty query', args: { query: '   ' }, error: /Invalid field 'query': it is empty/ },
    { what: 'a 10 kB query', args: { query: 'weather '.repeat(1250) }, error: /Invalid field 'query': 10000 characters; at most 1000 are accepted/ },
    { what: 'limit 0', args: { query: 'timer', limit: 0 }, error: /Invalid field 'limit': expected an integer from 1 to 100, received 0/ },
    { what: 'limit 10^9', args: { query: 'timer', limit: 1e9 }, error: /Invalid field 'limit': expected an integer from 1 to 100, received 1000000000/ },
    { what: 'an unknown tag', args: { query: 'timer', tags: ['no-such-tag'] }, error: /Unknown tag "no-such-tag"; the tools you may call carry: / },
    { what: 'include_schema not a boolean', args: { query: 'timer', include_schema: 'yes' }, error: /Invalid field 'include_schema': expected true or false, received "yes"/ },
    { what: 'explain not a boolean', args: { query: 'timer', explain: 'yes' }, error: /Invalid field 'explain': expected true or false, received "yes"/ },
  ];

  test.each(cases)('$what', async ({ args, error }) => {
    const onBus = await busSearch(args, 'agent:kid');
    expect(onBus).toEqual({ query: args.query, tools: [], total: 0, error: expect.stringMatching(error), code: 'invalid_request' });
    const q: Record<string, string> = { q: String(args.query) };
    if (args.limit !== undefined) q.limit = String(args.limit);
    if (args.tags) q.tags = (args.tags as string[]).join(',');
    if (args.include_schema !== undefined) q.include_schema = String(args.include_schema);
    if (args.explain !== undefined) q.explain = String(args.explain);
    const overHttp = await httpSearch(q);
    expect(overHttp.status).toBe(400);
    expect(overHttp.body).toMatchObject({ ok: false, code: 'invalid_request', error: onBus.error, tools: [], total: 0 });
    const mcp = clients[0] ?? (await mcpClient(http.url, KID));
    const overMcp = await mcp.callTool({ name: SEARCH_TOOLS_NAME, arguments: args });
    expect(overMcp).toMatchObject({ isError: true, content: [{ type: 'text', text: onBus.error }], _meta: { 'org.openvoiceos/error_code': 'invalid_request' } });
  });

  test('a bus request with tags of the wrong type, or a frame too deep to read, still gets an answer', async () => {
    expect(await busSearch({ query: 'timer', tags: { a: 1 } })).toMatchObject({ tools: [], total: 0, code: 'invalid_request', error: expect.stringContaining("Invalid field 'tags'") });
    const reply = bus.next('ovos.tools.search.response');
    bus.sendRaw(`{"type":"ovos.tools.search","data":{"query":${'['.repeat(200)}1${']'.repeat(200)}},"context":{}}`);
    expect((await reply).data).toMatchObject({ query: null, tools: [], total: 0, code: 'invalid_request' });
  });
});

describe('GET /internal/tools/search', () => {
  test('is in /openapi.json with the results route; without q it is the tool named search, or a clear 400', async () => {
    const spec = (await (await fetch(`${http.url}/openapi.json`, { headers: { authorization: `Bearer ${OPERATOR}` } })).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/internal/tools/search', '/internal/tools/results/{handle}']));
    const tool = await fetch(`${http.url}/internal/tools/search`, { headers: { authorization: `Bearer ${KID}` } });
    expect(tool.status).toBe(200);
    expect(await tool.json()).toMatchObject({ id: 'search', toolbox_id: 'home', description: 'search tool' });
    root.addPackage('home-tools', toolboxEntry('home'), { 'index.js': toolboxSource('home', { get_weather_forecast: '() => ({ result: "sunny" })' }) });
    await provider.reload();
    try {
      const missing = await httpSearch({});
      expect(missing).toEqual({ status: 400, body: expect.objectContaining({ ok: false, code: 'invalid_request', error: expect.stringContaining("Missing query parameter 'q'") }) });
    } finally {
      root.addPackage('home-tools', toolboxEntry('home'), { 'index.js': HOME_TOOLS });
      await provider.reload();
    }
  });

  test('an agent credential acting for another agent is refused 403', async () => {
    const res = await httpSearch({ q: 'timer', agent_id: 'agent:boss' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
  });
});

describe('MCP: the search_tools meta tool (mcp.search_tool)', () => {
  test('off by default: every tool is listed and search_tools is not a tool', async () => {
    const c = await mcpClient(plainHttp.url, KID);
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_weather_forecast', 'search', 'set_kitchen_timer']);
    await expect(c.callTool({ name: SEARCH_TOOLS_NAME, arguments: { query: 'timer' } })).rejects.toThrow(/Unknown tool: "search_tools"/);
  });

  test('on: the list is search_tools plus what this session found (list_changed after a search); any allowed tool can be called by name', async () => {
    const c = await mcpClient(http.url, KID);
    const changed: string[] = [];
    c.setNotificationHandler('notifications/tools/list_changed', () => void changed.push('changed'));
    const first = await c.listTools();
    expect(first.tools.map((t) => t.name)).toEqual([SEARCH_TOOLS_NAME]);
    expect(first.tools[0]).toMatchObject({ inputSchema: { required: ['query'] }, annotations: { readOnlyHint: true } });
    const found = await c.callTool({ name: SEARCH_TOOLS_NAME, arguments: { query: 'weather forecast', limit: 1, include_schema: true } });
    const hit = (found.structuredContent as { tools: Array<Record<string, unknown>> }).tools[0]!;
    expect(hit).toMatchObject({ name: 'get_weather_forecast', toolbox_id: 'home', inputSchema: { type: 'object' }, score: expect.any(Number) });
    await expect.poll(() => changed.length).toBe(1);
    expect((await c.listTools()).tools.map((t) => t.name)).toEqual([SEARCH_TOOLS_NAME, 'get_weather_forecast']);
    expect((await c.callTool({ name: 'get_weather_forecast', arguments: {} })).structuredContent).toEqual({ result: 'sunny' });
    // not found yet, but allowed: callable by name; not allowed: refused as everywhere
    expect((await c.callTool({ name: 'set_kitchen_timer', arguments: { a: 5 } })).structuredContent).toEqual({ result: 'timer 5' });
    expect(await c.callTool({ name: 'play_music_album', arguments: {} })).toMatchObject({ isError: true, _meta: { 'org.openvoiceos/error_code': 'forbidden' } });
    // searching again for what it already found sends no second list_changed
    await c.callTool({ name: SEARCH_TOOLS_NAME, arguments: { query: 'weather forecast', limit: 1 } });
    expect(changed.length).toBe(1);
  });
});

describe('ovos-tools search', () => {
  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [cliPath, 'search', ...args, '--bus-url', server.url], { timeout: 20_000 });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  test('prints the ranked tools and how many matched; --json the raw answer; bad input exits 1 or 2', async () => {
    const table = await cli('kitchen timer', '--limit', '2');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s+TOOLBOX\s+SCORE\s+SUMMARY\nset_kitchen_timer\s+home\s+\d+\.\d\d\s+set_kitchen_timer tool\n/);
    expect(table.stdout).toMatch(/\n\d of \d+ matching tool\(s\)\n$/);
    const json = await cli('weather forecast', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ query: 'weather forecast', tools: [{ name: 'get_weather_forecast' }], total: expect.any(Number) });
    expect(await cli('kitchen timer', '--limit', 'ten')).toMatchObject({ code: 2, stderr: expect.stringContaining('--limit must be a whole number') });
    expect(await cli('the')).toMatchObject({ code: 1, stderr: expect.stringContaining('has no searchable words') });
    expect((await cli('zzzzqqqq')).stdout).toBe('0 of 0 matching tool(s): none matches "zzzzqqqq"\n');
    const explained = await cli('kitchen timer', '--limit', '1', '--explain');
    expect(explained.stdout).toMatch(/\nset_kitchen_timer: lexical 1\.000, semantic (none|-?\d\.\d{3})\n {2}kitchen ← "kitchen" \(query\) in name, tags, summary, description\n/);
  }, 60_000);
});
