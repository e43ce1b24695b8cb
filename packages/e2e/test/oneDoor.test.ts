import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fromMcpToolName, MAX_OUTPUT_CHARS_META_KEY, SEARCH_TOOLS_NAME, TRUNCATED_META_KEY, toMcpToolName } from '@ovos-tools/provider/mcp';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { cliPath } from '../../provider/test/helpers/serve.js';
import { freePort, linkedPluginRoot, listen, RawOvosClient, startServe, type ServeProcess } from './helpers/system.js';

/**
 * One agent, one decision, every door: the same agent and tool get the same decision and the same error code over
 * the OVOS bus, its HiveMind satellite (the context HiveMind stamps), the HTTP API, MCP over stdio (`ovos-tools mcp
 * --agent`) and MCP over HTTP (`/mcp` of `serve --http`), against the real transports and the real service (issue 26:
 * access control lives in the service; transports only turn their credential into a caller). Tool search finds the
 * same tools for it on every door, and its result handles are its own (issue 27).
 */
const KID_TOKEN = 'kid-token-0123456789abcdef';
const BOSS_TOKEN = 'boss-token-0123456789abcdef';
const RATE = 8;
/** What the backend of `kid.lines` answers: about 60 kB of JSON. */
const LINES = { title: 'the long report', lines: Array.from({ length: 2000 }, (_, i) => `line ${i} of the long report`) };
/** agent:kid's HiveMind client (`<client_id>::<client name>`); HiveMind stamps `peer` = `source` = `<useragent>::<client>::<session_id>`. */
const KID_SATELLITE = '12::kids-room';
let satelliteSession = 0;
let root: PluginRoot;
let plugins: string;

type Decision = { ok: true } | { ok: false; code: string };
/** A cut answer: its result and `truncated` member. */
type Cut = { result: unknown; truncated: { original_chars: number; handle?: string; expires_in_s?: number } };
/** One page of a kept result, or the refusal's code. */
type Page = { ok: true; text: string; nextOffset: number | null } | { ok: false; code: string; error: string };
type Door = {
  name: string;
  /** True when the door is served by the `serve` process (MCP over stdio runs its own provider process). */
  inServe: boolean;
  call(tool: string, args: Record<string, unknown>): Promise<Decision>;
  /** Tool names found for `query` (catalog names). */
  search(query: string): Promise<string[]>;
  /** Invokes with `max_output_chars`. */
  callWithin(tool: string, maxChars: number): Promise<Cut>;
  /** Reads a page of a kept result as `as` (default the kid). */
  page(handle: string, offset: number, limit: number, as?: 'kid' | 'boss'): Promise<Page>;
};

let work: string;
let serve: ServeProcess;
let backend: Awaited<ReturnType<typeof listen>>;
let bus: RawOvosClient;
let httpBase: string;
const mcpClients: Client[] = [];

function config(target: string) {
  const tools = path.join(work, 'http-tools.json');
  writeFileSync(
    tools,
    JSON.stringify({
      tools: [
        {
          id: 'vip.report',
          description: 'A report only the boss may read',
          input_schema: { type: 'object', properties: {} },
          output_schema: { type: 'object' },
          executor: 'http',
          target,
          allowed_agents: ['agent:boss'],
          allow_private: true,
        },
        {
          id: 'kid.lines',
          description: 'A long report of numbered lines',
          input_schema: { type: 'object', properties: {} },
          output_schema: { type: 'object' },
          executor: 'http',
          target: target.replace(/\/vip$/, '/lines'),
          allow_private: true,
        },
      ],
    }),
  );
  const file = path.join(work, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({
      isolation: 'inline',
      federation: false,
      bus_agent_field: 'agent_id',
      'ovos-http-tools': { file: tools },
      mcp: { search_tool: true },
      agents: {
        'agent:kid': { credential: { sha256: hashCredential(KID_TOKEN, 'sha256') }, hivemind: { client: KID_SATELLITE }, tools: ['get_current_datetime', 'vip.*', 'kid.*'], rate_per_minute: RATE },
        'agent:boss': { credential: { sha256: hashCredential(BOSS_TOKEN, 'sha256') }, tools: ['*'] },
      },
    }),
  );
  return file;
}

async function mcpDecision(client: Client, tool: string, args: Record<string, unknown>): Promise<Decision> {
  const r = await client.callTool({ name: toMcpToolName(tool)!, arguments: args });
  if (!r.isError) return { ok: true };
  return { ok: false, code: String((r._meta as Record<string, unknown>)['org.openvoiceos/error_code']) };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-one-door-'));
  root = linkedPluginRoot(['toolbox-clock', 'toolbox-math', 'toolbox-http']);
  plugins = root.dir;
  backend = await listen((req) => ({ type: 'application/json', body: JSON.stringify(req.url === '/lines' ? LINES : { secret: 'the boss report' }) }));
  const cfg = config(`${backend.base}/vip`);
  const httpPort = await freePort();
  serve = await startServe(['--plugins', plugins, '--config', cfg, '--embedded-bus', 'always', '--http', `127.0.0.1:${httpPort}`]);
  httpBase = `http://127.0.0.1:${httpPort}`;
  bus = await RawOvosClient.connect(serve.url);
});

afterAll(async () => {
  for (const c of mcpClients) await c?.close().catch(() => undefined);
  bus?.close();
  await serve?.stop();
  backend?.server.close();
  rmSync(work, { recursive: true, force: true });
  root?.cleanup();
});

/** The MCP clients: 0 over HTTP as the kid, 1 over stdio as the kid, 2 over HTTP as the boss. */
async function mcpClient(i: 0 | 1 | 2): Promise<Client> {
  if (mcpClients[i]) return mcpClients[i]!;
  const c = new Client({ name: 'one-door', version: '1' });
  if (i === 1) {
    await c.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'mcp', '--plugins', plugins, '--config', path.join(work, 'config.json'), '--agent', 'agent:kid', '--log-level', 'warn'],
        stderr: 'ignore',
      }),
    );
  } else {
    const token = i === 0 ? KID_TOKEN : BOSS_TOKEN;
    await c.connect(new StreamableHTTPClientTransport(new URL(`${httpBase}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }
  return (mcpClients[i] = c);
}

/**
 * A request from agent:kid's HiveMind satellite: a new session each time, and a forged `agent_id` (HiveMind passes it
 * through): the identity is the client part of the `peer` HiveMind stamps.
 */
async function satelliteAsk(type: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const peer = `HiveMind-voice-sat::${KID_SATELLITE}::session-${++satelliteSession}`;
  const reply = bus.next(`${type}.response`);
  bus.send(type, data, { source: peer, peer, destination: 'skills', agent_id: 'agent:boss' });
  return (await reply).data;
}

async function busAsk(type: string, data: Record<string, unknown>, agent = 'agent:kid'): Promise<Record<string, unknown>> {
  const reply = bus.next(`${type}.response`);
  bus.send(type, data, { source: 'persona', agent_id: agent });
  return (await reply).data;
}

async function httpAsk(url: string, init: RequestInit = {}, token = KID_TOKEN): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${httpBase}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The MCP doors: the same calls over a client. */
const mcpDoor = (name: string, i: 0 | 1, inServe: boolean): Door => ({
  name,
  inServe,
  async call(tool, args) {
    return mcpDecision(await mcpClient(i), tool, args);
  },
  async search(query) {
    const r = await (await mcpClient(i)).callTool({ name: SEARCH_TOOLS_NAME, arguments: { query, limit: 10 } });
    return (r.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => fromMcpToolName(t.name)!);
  },
  async callWithin(tool, maxChars) {
    const r = await (await mcpClient(i)).callTool({ name: toMcpToolName(tool)!, arguments: {}, _meta: { [MAX_OUTPUT_CHARS_META_KEY]: maxChars } });
    return { result: r.structuredContent, truncated: (r._meta as Record<string, Cut['truncated']>)[TRUNCATED_META_KEY]! };
  },
  async page(handle, offset, limit, as = 'kid') {
    try {
      const r = await (await mcpClient(as === 'kid' ? i : 2)).readResource({ uri: `ovos-tools://results/${handle}?offset=${offset}&limit=${limit}` });
      const c = r.contents[0] as { text: string; _meta: Record<string, number | null> };
      return { ok: true, text: c.text, nextOffset: c._meta['org.openvoiceos/next_offset']! };
    } catch (err) {
      const e = err as { message: string; code: number; data?: Record<string, string> };
      return { ok: false, code: e.data?.['org.openvoiceos/error_code'] ?? (e.code === -32002 ? 'not_found' : String(e.code)), error: e.message };
    }
  },
});

const doors = (): Door[] => [
  {
    name: 'OVOS bus',
    inServe: true,
    async call(tool, args) {
      const data = await busAsk('ovos.tools.invoke', { name: tool, args });
      return 'result' in data ? { ok: true } : { ok: false, code: String(data.code) };
    },
    async search(query) {
      return ((await busAsk('ovos.tools.search', { query, limit: 10 })).tools as Array<{ name: string }>).map((t) => t.name);
    },
    async callWithin(tool, maxChars) {
      return (await busAsk('ovos.tools.invoke', { name: tool, args: {}, max_output_chars: maxChars })) as unknown as Cut;
    },
    async page(handle, offset, limit, as = 'kid') {
      const d = await busAsk('ovos.tools.result.get', { handle, offset, limit }, `agent:${as}`);
      return 'error' in d ? { ok: false, code: String(d.code), error: String(d.error) } : { ok: true, text: String(d.text), nextOffset: d.next_offset as number | null };
    },
  },
  {
    name: 'HiveMind satellite',
    inServe: true,
    async call(tool, args) {
      const data = await satelliteAsk('ovos.tools.invoke', { name: tool, args });
      return 'result' in data ? { ok: true } : { ok: false, code: String(data.code) };
    },
    async search(query) {
      return ((await satelliteAsk('ovos.tools.search', { query, limit: 10 })).tools as Array<{ name: string }>).map((t) => t.name);
    },
    async callWithin(tool, maxChars) {
      return (await satelliteAsk('ovos.tools.invoke', { name: tool, args: {}, max_output_chars: maxChars })) as unknown as Cut;
    },
    async page(handle, offset, limit, as = 'kid') {
      // the boss has no satellite: read as the boss over the plain bus
      const d = as === 'kid' ? await satelliteAsk('ovos.tools.result.get', { handle, offset, limit }) : await busAsk('ovos.tools.result.get', { handle, offset, limit }, 'agent:boss');
      return 'error' in d ? { ok: false, code: String(d.code), error: String(d.error) } : { ok: true, text: String(d.text), nextOffset: d.next_offset as number | null };
    },
  },
  {
    name: 'HTTP',
    inServe: true,
    async call(tool, args) {
      const { status, body } = await httpAsk('/internal/tools/call', { method: 'POST', body: JSON.stringify({ tool_id: tool, args }) });
      if (body.code === 'rate_limited') expect(status).toBe(429);
      if (body.code === 'forbidden') expect(status).toBe(403);
      return body.ok ? { ok: true } : { ok: false, code: String(body.code) };
    },
    async search(query) {
      const { body } = await httpAsk(`/internal/tools/search?${new URLSearchParams({ q: query, limit: '10' })}`);
      return (body.tools as Array<{ name: string }>).map((t) => t.name);
    },
    async callWithin(tool, maxChars) {
      return (await httpAsk('/internal/tools/call', { method: 'POST', body: JSON.stringify({ tool_id: tool, max_output_chars: maxChars }) })).body as unknown as Cut;
    },
    async page(handle, offset, limit, as = 'kid') {
      const { status, body } = await httpAsk(`/internal/tools/results/${handle}?offset=${offset}&limit=${limit}`, {}, as === 'kid' ? KID_TOKEN : BOSS_TOKEN);
      if (body.code === 'forbidden') expect(status).toBe(403);
      return status === 200 ? { ok: true, text: String(body.text), nextOffset: body.next_offset as number | null } : { ok: false, code: String(body.code), error: String(body.error) };
    },
  },
  mcpDoor('MCP over HTTP', 0, true),
  mcpDoor('MCP over stdio', 1, false),
];

/** Every page of `handle` on `door` as the kid, from offset 0 following next_offset. */
async function readAll(door: Door, handle: string): Promise<string> {
  let text = '';
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await door.page(handle, offset, 7000);
    if (!page.ok) throw new Error(`${door.name}: ${page.error}`);
    text += page.text;
    offset = page.nextOffset;
  }
  return text;
}

describe('one agent, one tool, the same decision on every door', () => {
  test('allowed, refused by the allowlist, refused by allowed_agents: the same outcome and code over bus, HTTP, MCP stdio and MCP HTTP', async () => {
    const table: Record<string, Decision[]> = {};
    for (const door of doors()) {
      table[door.name] = [
        await door.call('get_current_datetime', {}),
        await door.call('evaluate_expression', { expression: '1+1' }),
        await door.call('vip.report', {}),
      ];
    }
    const expected = [{ ok: true }, { ok: false, code: 'forbidden' }, { ok: false, code: 'forbidden' }];
    expect(table).toEqual({ 'OVOS bus': expected, 'HiveMind satellite': expected, HTTP: expected, 'MCP over HTTP': expected, 'MCP over stdio': expected });
  });

  test('search: the agent finds the same tools on every door, never one it may not call', async () => {
    const found: Record<string, string[][]> = {};
    for (const door of doors()) found[door.name] = [await door.search('report'), await door.search('evaluate a math expression')];
    const expected = found['OVOS bus']!;
    expect(found).toEqual({ 'OVOS bus': expected, 'HiveMind satellite': expected, HTTP: expected, 'MCP over HTTP': expected, 'MCP over stdio': expected });
    expect(expected[0]![0]).toBe('kid.lines');
    expect(expected[1]).toEqual([]); // evaluate_expression matches, but it is not in the kid's allowlist
    expect(expected.flat()).not.toContain('vip.report'); // allowed_agents: the boss only
    const boss = (await httpAsk(`/internal/tools/search?q=${encodeURIComponent('evaluate a math expression')}`, {}, BOSS_TOKEN)).body.tools as Array<{ name: string }>;
    expect(boss.map((t) => t.name)).toContain('evaluate_expression');
    expect((await busAsk('ovos.tools.search', { query: 'report' }, 'agent:boss')).tools).toContainEqual(expect.objectContaining({ name: 'vip.report' }));
  });

  test('result handles: the agent pages its cut result on every door (and across the doors of one provider); another agent is refused', async () => {
    const full = JSON.stringify(LINES).length;
    const handles: Record<string, string> = {};
    for (const door of doors()) {
      const cut = await door.callWithin('kid.lines', 500);
      expect(JSON.stringify(cut.result).length).toBeLessThanOrEqual(500);
      expect(cut.truncated).toEqual({ original_chars: full, handle: expect.stringMatching(/^res_/), expires_in_s: 300 });
      const handle = (handles[door.name] = cut.truncated.handle!);
      expect(JSON.parse(await readAll(door, handle))).toEqual(LINES);
      if (door.inServe) expect(await door.page(handle, 0, 10, 'boss')).toMatchObject({ ok: false, code: 'forbidden', error: expect.stringContaining('belongs to another caller') });
    }
    // one provider, one agent: a handle the bus gave is the kid's over HTTP and /mcp too; MCP over stdio is another
    // provider process with its own store, so the serve process's handles are unknown there (and the reverse)
    for (const door of doors()) {
      const page = await door.page(handles['OVOS bus']!, 0, 12);
      expect(page).toEqual(door.inServe ? { ok: true, text: '{"title":"th', nextOffset: 12 } : expect.objectContaining({ ok: false, error: expect.stringContaining('Unknown result handle') }));
    }
  });

  test('over its rate_per_minute: refused with rate_limited on every door (counted across the bus, HTTP and /mcp of one provider)', async () => {
    const refusedOn: Record<string, Decision> = {};
    for (const door of doors()) {
      let last: Decision = { ok: true };
      for (let i = 0; i <= RATE && last.ok; i++) last = await door.call('get_current_datetime', {});
      refusedOn[door.name] = last;
    }
    const refused = { ok: false, code: 'rate_limited' };
    expect(refusedOn).toEqual({ 'OVOS bus': refused, 'HiveMind satellite': refused, HTTP: refused, 'MCP over HTTP': refused, 'MCP over stdio': refused });
  });

  test('the operator: reload is refused to an agent on HTTP and allowed from a loopback bus; the HTTP 429 says when to retry', async () => {
    const agentReload = await fetch(`${httpBase}/internal/tools/reload`, { method: 'POST', headers: { authorization: `Bearer ${KID_TOKEN}` } });
    expect(agentReload.status).toBe(403);
    const reply = bus.next('ovos.tools.reload.response', 30_000);
    bus.send('ovos.tools.reload', {}, { source: 'persona', agent_id: 'agent:kid' });
    expect((await reply).data).toMatchObject({ code: 'forbidden', error: expect.stringContaining('agent "agent:kid" may not reload') });
    const operator = bus.next('ovos.tools.reload.response', 30_000);
    bus.send('ovos.tools.reload', {}, { source: 'operator-shell' });
    expect((await operator).data).toMatchObject({ loaded: expect.arrayContaining(['ovos-clock-tools']) });
    const limited = await fetch(`${httpBase}/internal/tools/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KID_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_id: 'get_current_datetime' }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
