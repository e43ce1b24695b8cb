import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger } from '@ovos-tools/core';
import { MessageBusServer, type InProcessBusClient } from '@ovos-tools/messagebus';
import { hashCredential, MemoryResultStore, MIN_OUTPUT_BUDGET_CHARS, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';
import { MAX_OUTPUT_CHARS_META_KEY, TRUNCATED_META_KEY } from '@ovos-tools/provider/mcp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, providerDir, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { RawOvosClient } from './helpers/serve.js';

/**
 * Output budgets over every transport (issue 27): a 5 MB `read_file` of the real filesystem toolbox, a
 * 10,000-element array and a 3,000-level object, cut to the caller's `max_output_chars` on the OVOS bus (a real
 * messagebus), HTTP and MCP over HTTP; the full result paged back byte-identical by its owner only, until it expires.
 */
const TOKENS = { alice: 'alice-token-0123456789abcdef', bob: 'bob-token-0123456789abcdef', carol: 'carol-token-0123456789abcdef' } as const;
type Who = keyof typeof TOKENS;
const TTL_MS = 120_000;

let root: PluginRoot;
let files: string;
let fileText: string;
let server: MessageBusServer;
let busLink: InProcessBusClient;
let provider: ToolsProvider;
let http: HttpServerHandle;
let bus: RawOvosClient;
let clock = Date.now();
const mcpClients = new Map<Who, Client>();

beforeAll(async () => {
  root = makePluginRoot();
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(path.join(providerDir, '..', 'toolbox-filesystem'), path.join(root.dir, 'node_modules', '@ovos-tools', 'toolbox-filesystem'), 'dir');
  root.recordInstall('@ovos-tools/toolbox-filesystem');
  root.addPackage('bulk-tools', toolboxEntry('bulk'), {
    'index.js': toolboxSource('bulk', {
      big_array: '() => ({ result: Array.from({ length: 10000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"] })) })',
      deep_object: '() => { let d = { leaf: "end" }; for (let i = 0; i < 3000; i++) d = { level: i, note: "n".repeat(20), child: d }; return { result: d }; }',
      count_calls: '() => ({ result: (globalThis.__bulkCalls = (globalThis.__bulkCalls ?? 0) + 1) })',
      sized: '({ a }) => ({ result: String.fromCharCode(97 + ((a ?? 0) % 26)).repeat(a ?? 1000) })',
    }),
  });
  files = mkdtempSync(path.join(os.tmpdir(), 'ovos-budget-files-'));
  fileText = 'A line of text — é ü 😀 "quoted" \\ back\tslash\n'.repeat(110_000); // ~5.3 MB of UTF-8
  writeFileSync(path.join(files, 'big.log'), fileText);
  server = new MessageBusServer({ port: 0, logger: silentLogger });
  await server.start();
  busLink = server.attach({ logger: silentLogger });
  const agent = (token: string, extra: Record<string, unknown> = {}) => ({ credential: { sha256: hashCredential(token, 'sha256') }, tools: ['*'], ...extra });
  const settings = parseProviderConfig({
    isolation: 'inline',
    federation: false,
    bus_agent_field: 'agent_id',
    agents: { 'agent:alice': agent(TOKENS.alice), 'agent:bob': agent(TOKENS.bob), 'agent:carol': agent(TOKENS.carol, { max_output_chars: 500 }) },
    'ovos-filesystem-tools': { root_path: files, max_read_bytes: 8 * 1024 * 1024 },
  });
  const store = new MemoryResultStore({ ttlMs: TTL_MS, maxBytes: 128 * 1024 * 1024, now: () => clock });
  provider = new ToolsProvider({ bus: busLink, pluginRoots: [root.dir], settings, logger: silentLogger, logLevel: 'silent', brain: null, resultStore: store });
  const report = await provider.start();
  expect(report.problems).toEqual([]);
  http = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents });
  bus = await RawOvosClient.connect(server.url);
}, 60_000);

afterAll(async () => {
  for (const c of mcpClients.values()) await c.close().catch(() => undefined);
  bus?.close();
  await http?.close();
  await provider?.close();
  await busLink?.close();
  await server?.close();
  root?.cleanup();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** What a door answered to an invoke, in one shape. */
interface Answer {
  ok: boolean;
  result?: unknown;
  truncated?: { original_chars: number; handle?: string; expires_in_s?: number };
  code?: string;
  error?: string;
  /** The envelope's `truncated` member as it was on the wire (bus/HTTP) or in `_meta` (MCP), serialised. */
  markerText?: string;
}
/** What a door answered to a page request. */
interface Page {
  ok: boolean;
  text?: string;
  nextOffset?: number | null;
  totalChars?: number;
  code?: string;
  error?: string;
  status?: number;
}
interface Door {
  name: string;
  invoke(who: Who, tool: string, args: Record<string, unknown>, maxChars?: unknown): Promise<Answer>;
  page(who: Who, handle: string, offset?: number, limit?: number): Promise<Page>;
}

async function mcp(who: Who): Promise<Client> {
  let c = mcpClients.get(who);
  if (!c) {
    c = new Client({ name: `budget-${who}`, version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKENS[who]}` } } }));
    mcpClients.set(who, c);
  }
  return c;
}

const busContext = (who: Who) => ({ source: 'persona', agent_id: `agent:${who}`, session: { session_id: `session-${who}` } });

const doors: Door[] = [
  {
    name: 'OVOS bus',
    async invoke(who, tool, args, maxChars) {
      const reply = bus.next('ovos.tools.invoke.response', 30_000);
      bus.send('ovos.tools.invoke', { name: tool, args, ...(maxChars !== undefined ? { max_output_chars: maxChars } : {}) }, busContext(who));
      const d = (await reply).data as Record<string, unknown>;
      if ('error' in d) return { ok: false, code: d.code as string, error: d.error as string };
      return { ok: true, result: d.result, ...(d.truncated ? { truncated: d.truncated as Answer['truncated'], markerText: JSON.stringify(d.truncated) } : {}) };
    },
    async page(who, handle, offset, limit) {
      const reply = bus.next('ovos.tools.result.get.response', 30_000);
      bus.send('ovos.tools.result.get', { handle, ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) }, busContext(who));
      const d = (await reply).data as Record<string, unknown>;
      if ('error' in d) return { ok: false, code: d.code as string, error: d.error as string };
      return { ok: true, text: d.text as string, nextOffset: d.next_offset as number | null, totalChars: d.total_chars as number };
    },
  },
  {
    name: 'HTTP',
    async invoke(who, tool, args, maxChars) {
      const res = await fetch(`${http.url}/internal/tools/call`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS[who]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_id: tool, args, ...(maxChars !== undefined ? { max_output_chars: maxChars } : {}) }),
      });
      const body = (await res.json()) as Record<string, unknown>;
      if (!body.ok) return { ok: false, code: body.code as string, error: body.error as string };
      return { ok: true, result: body.result, ...(body.truncated ? { truncated: body.truncated as Answer['truncated'], markerText: JSON.stringify(body.truncated) } : {}) };
    },
    async page(who, handle, offset, limit) {
      const q = new URLSearchParams({ ...(offset !== undefined ? { offset: String(offset) } : {}), ...(limit !== undefined ? { limit: String(limit) } : {}) });
      const res = await fetch(`${http.url}/internal/tools/results/${encodeURIComponent(handle)}?${q}`, { headers: { authorization: `Bearer ${TOKENS[who]}` } });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) return { ok: false, code: body.code as string, error: body.error as string, status: res.status };
      return { ok: true, text: body.text as string, nextOffset: body.next_offset as number | null, totalChars: body.total_chars as number };
    },
  },
  {
    name: 'MCP over HTTP',
    async invoke(who, tool, args, maxChars) {
      const c = await mcp(who);
      const r = await c.callTool({ name: tool, arguments: args, ...(maxChars !== undefined ? { _meta: { [MAX_OUTPUT_CHARS_META_KEY]: maxChars } } : {}) });
      const meta = (r._meta ?? {}) as Record<string, unknown>;
      if (r.isError) return { ok: false, code: meta['org.openvoiceos/error_code'] as string, error: (r.content as Array<{ text: string }>)[0]!.text };
      const text = (r.content as Array<{ type: string; text?: string }>).find((b) => b.type === 'text')!.text!;
      expect(JSON.parse(text)).toEqual(r.structuredContent); // the text block is the same (cut) result
      const marker = meta[TRUNCATED_META_KEY] as Answer['truncated'] | undefined;
      if (marker?.handle) {
        const link = (r.content as Array<{ type: string; uri?: string }>).find((b) => b.type === 'resource_link');
        expect(link?.uri).toBe(`ovos-tools://results/${marker.handle}`);
      }
      return { ok: true, result: r.structuredContent, ...(marker ? { truncated: marker, markerText: JSON.stringify(marker) } : {}) };
    },
    async page(who, handle, offset, limit) {
      const c = await mcp(who);
      const uri = `ovos-tools://results/${handle}`;
      try {
        const r = await c.readResource({ uri: `${uri}?offset=${offset ?? 0}${limit !== undefined ? `&limit=${limit}` : ''}` });
        const content = r.contents[0] as { text: string; _meta: Record<string, unknown> };
        return { ok: true, text: content.text, nextOffset: content._meta['org.openvoiceos/next_offset'] as number | null, totalChars: content._meta['org.openvoiceos/total_chars'] as number };
      } catch (err) {
        const e = err as { code?: number; message: string; data?: Record<string, unknown> };
        return { ok: false, error: e.message, code: (e.data?.['org.openvoiceos/error_code'] as string | undefined) ?? String(e.code) };
      }
    },
  },
];

/** The string the `sized` fixture tool answers for `a`. */
const sized = (a: number) => String.fromCharCode(97 + (a % 26)).repeat(a);

/** The full result of `tool`, as the in-process operator gets it with no budget. */
async function fullResult(tool: string, args: Record<string, unknown>): Promise<string> {
  const outcome = await provider.service.invoke({ name: tool, args });
  if (!outcome.ok) throw new Error(outcome.error.error);
  expect(outcome.truncated).toBeUndefined();
  return JSON.stringify(outcome.result);
}

/** Every page of `handle` from offset 0, following next_offset, concatenated. */
async function readAll(door: Door, who: Who, handle: string, limit: number): Promise<string> {
  let text = '';
  for (let offset: number | null = 0, pages = 0; offset !== null; pages++) {
    const page = await door.page(who, handle, offset, limit);
    if (!page.ok) throw new Error(`${door.name}: ${page.error}`);
    expect(page.text!.length).toBeLessThanOrEqual(limit + 1);
    text += page.text;
    offset = page.nextOffset!;
    if (pages > 10_000) throw new Error('paging does not end');
  }
  return text;
}

/** The answer is within the budget, plus the envelope's own size (the `truncated` member). */
function expectWithinBudget(answer: Answer, maxChars: number, originalChars: number): string {
  expect(answer.ok).toBe(true);
  expect(JSON.stringify(answer.result).length).toBeLessThanOrEqual(maxChars);
  expect(answer.truncated).toEqual({ original_chars: originalChars, handle: expect.stringMatching(/^res_[A-Za-z0-9_-]{22}$/), expires_in_s: TTL_MS / 1000 });
  expect(`"truncated":${answer.markerText}`.length).toBeLessThanOrEqual(MIN_OUTPUT_BUDGET_CHARS);
  return answer.truncated!.handle!;
}

const cases = [
  { what: 'a 5 MB read_file', tool: 'read_file', args: () => ({ path: 'big.log' }), maxChars: 4000, pageChars: 1_000_000 },
  { what: 'a 10,000-element array', tool: 'big_array', args: () => ({}), maxChars: 2000, pageChars: 65_536 },
  { what: 'a 3,000-level object', tool: 'deep_object', args: () => ({}), maxChars: 2000, pageChars: 7_777 },
];

describe.each(doors.map((d) => [d.name, d] as const))('output budgets over %s', (_name, door) => {
  test.each(cases)('$what: cut within budget plus the envelope, pages reassemble byte-identical, another caller is refused', async ({ tool, args, maxChars, pageChars }) => {
    const full = await fullResult(tool, args());
    expect(full.length).toBeGreaterThan(maxChars * 10);
    const answer = await door.invoke('alice', tool, args(), maxChars);
    const handle = expectWithinBudget(answer, maxChars, full.length);
    if (tool === 'read_file') {
      const cut = answer.result as { path: string; content: string; total_bytes?: number };
      expect(cut.path).toBe(path.join(files, 'big.log'));
      expect(fileText.startsWith(cut.content.slice(0, -1))).toBe(true);
      expect(cut.content.endsWith('…')).toBe(true);
    }
    if (tool === 'big_array') {
      const kept = (answer.result as { result: Array<{ id: number }> }).result;
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.map((x) => x.id)).toEqual(Array.from({ length: kept.length }, (_, i) => i));
    }
    const text = await readAll(door, 'alice', handle, pageChars);
    expect(Buffer.from(text, 'utf8').equals(Buffer.from(full, 'utf8'))).toBe(true);
    if (tool === 'read_file') expect((JSON.parse(text) as { content: string }).content === fileText).toBe(true);
    const stolen = await door.page('bob', handle, 0, 100);
    expect(stolen).toMatchObject({ ok: false, error: expect.stringMatching(/^PermissionError: Result handle "res_.*" belongs to another caller$/) });
    if (door.name === 'HTTP') expect(stolen.status).toBe(403);
    if (door.name !== 'MCP over HTTP') expect(stolen.code).toBe('forbidden');
    expect(stolen.error).not.toContain('A line of text');
  });

  test('a budget below the envelope’s own size, or not an integer, is refused before the tool runs', async () => {
    const g = globalThis as { __bulkCalls?: number };
    const before = g.__bulkCalls ?? 0;
    for (const bad of [0, 50, MIN_OUTPUT_BUDGET_CHARS - 1, 1e12, 2.5, '500']) {
      const answer = await door.invoke('alice', 'count_calls', {}, bad);
      // HTTP's route schema refuses a value that is not an integer (400, naming the field) before the service sees it
      const text = door.name === 'HTTP' && !Number.isInteger(bad) ? 'body.max_output_chars must be integer' : `Invalid field 'max_output_chars': expected an integer from ${MIN_OUTPUT_BUDGET_CHARS} to 2147483647`;
      expect(answer).toMatchObject({ ok: false, code: 'invalid_request', error: expect.stringContaining(text) });
    }
    expect(g.__bulkCalls ?? 0).toBe(before);
    const ok = await door.invoke('alice', 'count_calls', {}, MIN_OUTPUT_BUDGET_CHARS);
    expect(ok).toMatchObject({ ok: true, result: { result: before + 1 } });
    expect(ok.truncated).toBeUndefined(); // it fits: no marker, nothing kept
  });

  test('an agent’s configured max_output_chars applies when the call sets none; the call’s own wins', async () => {
    const byDefault = await door.invoke('carol', 'sized', { a: 5000 });
    expect(JSON.stringify(byDefault.result).length).toBeLessThanOrEqual(500);
    expect(byDefault.truncated?.original_chars).toBe(JSON.stringify({ result: sized(5000) }).length);
    const own = await door.invoke('carol', 'sized', { a: 5000 }, 2000);
    expect(JSON.stringify(own.result).length).toBeGreaterThan(1900);
    expect(JSON.stringify(own.result).length).toBeLessThanOrEqual(2000);
    const alice = await door.invoke('alice', 'sized', { a: 5000 });
    expect(alice.truncated).toBeUndefined(); // no budget configured for alice
  });

  test('bad pages: an unknown handle, an offset or limit out of range', async () => {
    expect(await door.page('alice', 'res_AAAAAAAAAAAAAAAAAAAAAA', 0, 10)).toMatchObject({ ok: false, error: expect.stringContaining('Unknown result handle') });
    const handle = (await door.invoke('alice', 'sized', { a: 3000 }, 200)).truncated!.handle!;
    for (const [offset, limit, what] of [[-1, 10, 'offset'], [5000, 10, 'offset'], [0, 0, 'limit'], [0, 10 ** 9, 'limit']] as const) {
      const page = await door.page('alice', handle, offset, limit);
      expect(page).toMatchObject({ ok: false, error: expect.stringContaining(`Invalid field '${what}'`) });
      if (door.name === 'HTTP') expect(page.status).toBe(400);
    }
  });
});

describe('result handles: ownership without an agent, expiry', () => {
  const anonymous = async (session: string | undefined, data: Record<string, unknown>, type = 'ovos.tools.invoke') => {
    const reply = bus.next(`${type}.response`, 30_000);
    bus.send(type, data, { source: 'persona', ...(session ? { session: { session_id: session } } : {}) });
    return (await reply).data as Record<string, unknown>;
  };

  test('anonymous bus clients: a handle belongs to its OVOS session; a message naming no session gets no handle', async () => {
    const a = await anonymous('kitchen', { name: 'sized', args: { a: 3000 }, max_output_chars: 300 });
    const handle = (a.truncated as { handle: string }).handle;
    expect(handle).toMatch(/^res_/);
    expect(await anonymous('kitchen', { handle, limit: 50 }, 'ovos.tools.result.get')).toMatchObject({ handle, text: expect.stringMatching(/^\{"result":"/), offset: 0, next_offset: 50 });
    expect(await anonymous('bedroom', { handle }, 'ovos.tools.result.get')).toMatchObject({ handle, code: 'forbidden' });
    expect(await anonymous(undefined, { handle }, 'ovos.tools.result.get')).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('Unknown result handle') });
    // an agent's handles are the agent's, not its session's: another agent in the same session is refused
    const alice = await doors[0]!.invoke('alice', 'sized', { a: 3000 }, 300);
    expect(await anonymous('session-alice', { handle: alice.truncated!.handle }, 'ovos.tools.result.get')).toMatchObject({ code: 'forbidden' });
    const noSession = await anonymous(undefined, { name: 'sized', args: { a: 3000 }, max_output_chars: 300 });
    expect(JSON.stringify(noSession.result).length).toBeLessThanOrEqual(300);
    expect(noSession.truncated).toEqual({ original_chars: 3013 }); // cut, but nobody could prove to be its owner later
  });

  test('the same agent reads its handle on every door; the HTTP operator acting for it too', async () => {
    const handle = (await doors[0]!.invoke('alice', 'sized', { a: 3000 }, 300)).truncated!.handle!;
    for (const door of doors) expect((await door.page('alice', handle, 0, 20)).text).toBe(`{"result":"${sized(3000).slice(0, 9)}`);
  });

  test('an expired handle gives a clear error on every door (410 over HTTP, resource not found over MCP)', async () => {
    const handles = [];
    for (const door of doors) handles.push((await door.invoke('alice', 'sized', { a: 3000 }, 300)).truncated!.handle!);
    clock += TTL_MS + 1;
    for (const [i, door] of doors.entries()) {
      const page = await door.page('alice', handles[i]!, 0, 10);
      expect(page).toMatchObject({ ok: false, error: expect.stringContaining(`has expired (results are kept ${TTL_MS / 1000} s); call the tool again`) });
      if (door.name === 'HTTP') expect(page.status).toBe(410);
      if (door.name === 'OVOS bus') expect(page.code).toBe('invalid_request');
    }
  });
});

test('the store stays within its cap under 1,000 concurrent large results (a provider default budget, 50 callers)', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const maxBytes = 16 * 1024 * 1024;
  const store = new MemoryResultStore({ maxBytes, maxBytesPerOwner: maxBytes });
  const settings = parseProviderConfig({ isolation: 'inline', federation: false, max_output_chars: 1000 });
  const small = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings, logger: silentLogger, logLevel: 'silent', brain: null, resultStore: store });
  await small.start();
  try {
    gc();
    const before = process.memoryUsage().heapUsed;
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => small.service.invoke({ name: 'sized', args: { a: 256 * 1024 + i }, caller: { transport: 'ovos-bus', session: `s${i % 50}` } })),
    );
    for (const o of outcomes) {
      if (!o.ok) throw new Error(o.error.error);
      expect(JSON.stringify(o.result).length).toBeLessThanOrEqual(1000);
    }
    const stats = await store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    expect(stats.entries).toBeGreaterThan(10);
    const last = outcomes.at(-1)!;
    if (!last.ok) throw new Error('unreachable');
    const page = await small.service.readResult({ handle: last.truncated!.handle!, caller: { transport: 'ovos-bus', session: 's49' }, limit: 20 });
    expect(page).toMatchObject({ ok: true, totalChars: 256 * 1024 + 999 + 13 });
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(maxBytes * 1.25);
  } finally {
    await small.close();
  }
  // 1,000 results of 256 KiB: seconds alone, past a minute beside other suites on a loaded 2-core CI machine
}, 240_000);
