import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { freePort, scaleRoot, startRedis } from '../../fixtures/scale.mjs';
import { RawOvosClient, startServe, type ServeProcess } from '../helpers/system.js';

/**
 * Issue 37: six findings of a hostile caller against every door of `ovos-tools serve --http`, plus the big frame,
 * each on the real transport (a serve process, its embedded bus, its HTTP API and `/mcp`, a real Redis):
 * agents reading `/metrics`; one caller taking every MCP session; `__proto__` in a confirmed call's arguments;
 * one caller evicting another's results (in memory and in Redis); a cross-site request to every state-changing
 * route; `/mcp` with a foreign `Origin`; a 20 MB frame.
 */
const OPERATOR = 'operator-secret-0123456789abcdef';
const KID = 'kid-token-0123456789abcdef';
const BOSS = 'boss-token-0123456789abcdef';
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attack', version: '1' } } };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let secured: { serve: ServeProcess; base: string; root: ReturnType<typeof scaleRoot> };
let open: { serve: ServeProcess; base: string; root: ReturnType<typeof scaleRoot>; port: number };
let redis: Awaited<ReturnType<typeof startRedis>>;

async function serveWith(config: Record<string, unknown>) {
  const root = scaleRoot(config);
  const port = await freePort();
  const serve = await startServe(['--plugins', root.root, '--config', root.config, '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`], { OVOS_TOOLS_LOG_LEVEL: 'warn' });
  return { serve, base: `http://127.0.0.1:${port}`, root, port };
}

beforeAll(async () => {
  redis = await startRedis(await freePort());
  secured = await serveWith({
    bus_agent_field: 'agent_id',
    http: { secret: OPERATOR },
    agents: {
      'agent:kid': { credential: { sha256: hashCredential(KID, 'sha256') }, tools: ['*'] },
      'agent:boss': { credential: { sha256: hashCredential(BOSS, 'sha256') }, tools: ['*'] },
    },
    confirmation: { tools: ['slow_echo'] },
    result_store: { max_entries: 8 },
  });
  open = await serveWith({ result_store: { max_entries: 8 }, state: { redis: redis.url } });
});

afterAll(async () => {
  await secured?.serve.stop();
  await open?.serve.stop();
  await redis?.kill();
});

async function post(base: string, route: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: res.headers };
}

describe('finding 1: /metrics is for the operator', () => {
  test('an agent credential is refused 403 (it would read hidden tools and everyone’s activity); the operator reads it', async () => {
    const agent = await fetch(`${secured.base}/metrics`, { headers: { authorization: `Bearer ${KID}` } });
    expect(agent.status).toBe(403);
    const body = await agent.text();
    expect(body).not.toMatch(/slow_echo/);
    expect(JSON.parse(body)).toMatchObject({ ok: false, code: 'forbidden' });
    const operator = await fetch(`${secured.base}/metrics`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(operator.status).toBe(200);
    expect(await operator.text()).toMatch(/# TYPE/);
  });
});

describe('finding 2: one caller cannot take every MCP session', () => {
  test('70 initialize requests of one agent leave room for another; the agent’s oldest session is closed and says why', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await fetch(`${secured.base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${KID}` }, body: JSON.stringify(INIT) });
      expect(res.status, `initialize ${i}`).toBe(200);
      sessions.push(res.headers.get('mcp-session-id')!);
      await res.body?.cancel();
    }
    const boss = new Client({ name: 'boss', version: '1' });
    await boss.connect(new StreamableHTTPClientTransport(new URL(`${secured.base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${BOSS}` } } }));
    expect((await boss.listTools()).tools.length).toBeGreaterThan(0);
    await boss.close();
    // the kid's first session was closed for its newer ones: its next request is told so
    const first = await fetch(`${secured.base}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${KID}`, 'mcp-session-id': sessions[0]!, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(first.status).toBe(404);
    expect(JSON.stringify(await first.json())).toMatch(/max_sessions_per_caller/);
    for (const id of sessions) {
      await fetch(`${secured.base}/mcp`, { method: 'DELETE', headers: { authorization: `Bearer ${KID}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' } });
    }
  });
});

describe('finding 3: a confirmed call carries only what was confirmed (bus)', () => {
  test('`__proto__` beside the confirmed arguments is refused, and the token stays unused', async () => {
    const bus = await RawOvosClient.connect(secured.serve.url);
    try {
      const asked = bus.next('ovos.tools.invoke.response');
      bus.send('ovos.tools.invoke', { name: 'slow_echo', args: { a: 7 } }, { source: 'persona' });
      const token = (await asked).data.confirm_token as string;
      expect(token).toMatch(/^oct1\./);
      const smuggled = bus.next('ovos.tools.invoke.response');
      bus.sendRaw(`{"type":"ovos.tools.invoke","data":{"name":"slow_echo","args":{"a":7,"__proto__":{"ms":1}},"confirm_token":"${token}"},"context":{"source":"persona"}}`);
      expect((await smuggled).data).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('"__proto__" (at args.__proto__)') });
      // the token is still unused: the call as confirmed runs
      const confirmed = bus.next('ovos.tools.invoke.response');
      bus.send('ovos.tools.invoke', { name: 'slow_echo', args: { a: 7 }, confirm_token: token }, { source: 'persona' });
      expect((await confirmed).data.result).toMatchObject({ result: { id: 7 } });
    } finally {
      bus.close();
    }
  });
});

describe('finding 3: `__proto__` in arguments gets the same answer on every door', () => {
  const SMUGGLED = '{"a":3,"__proto__":{"ms":1}}';
  test('OVOS bus, HTTP and MCP over HTTP refuse it as a bad request', async () => {
    const bus = await RawOvosClient.connect(open.serve.url);
    const mcp = new Client({ name: 'proto', version: '1' });
    try {
      const reply = bus.next('ovos.tools.invoke.response');
      bus.sendRaw(`{"type":"ovos.tools.invoke","data":{"name":"now","args":${SMUGGLED}},"context":{"source":"persona"}}`);
      const overBus = (await reply).data;
      const overHttp = await fetch(`${open.base}/internal/tools/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"tool_id":"now","args":${SMUGGLED}}` });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${open.base}/mcp`)));
      const overMcp = await mcp.callTool({ name: 'now', arguments: JSON.parse(SMUGGLED) as Record<string, unknown> }).then(
        (r) => ({ isError: r.isError, code: (r._meta as Record<string, unknown> | undefined)?.['org.openvoiceos/error_code'] }),
        (e: Error) => ({ isError: true, code: e.message }),
      );
      const text = 'ValueError: Invalid arguments: the key "__proto__" (at args.__proto__) is not accepted; rename it';
      expect(overBus).toMatchObject({ code: 'invalid_request', error: text });
      expect(overHttp.status).toBe(400);
      expect(await overHttp.json()).toMatchObject({ ok: false, code: 'invalid_request', error: text });
      // the MCP client sees the JSON-RPC error of the POST (400, -32602) with the same text and code
      expect(overMcp.isError).toBe(true);
      expect(String(overMcp.code)).toContain(JSON.stringify(text).slice(1, -1));
      expect(String(overMcp.code)).toContain('invalid_request');
    } finally {
      bus.close();
      await mcp.close();
    }
  });
});

describe('finding 4: one caller never evicts another’s results before its own share is used', () => {
  test('in memory: 45 cut results of one agent leave another agent’s page readable (HTTP)', async () => {
    const cut = async (token: string, a: number) => post(secured.base, '/internal/tools/call', token, { tool_id: 'long_text', args: { a }, max_output_chars: 300 });
    const mine = await cut(BOSS, 1);
    const handle = (mine.body.truncated as { handle: string }).handle;
    expect(handle).toMatch(/^res_/);
    for (let i = 0; i < 45; i++) expect((await cut(KID, 100 + i)).body.ok).toBe(true);
    const page = await fetch(`${secured.base}/internal/tools/results/${handle}?offset=0&limit=100`, { headers: { authorization: `Bearer ${BOSS}` } });
    expect(page.status).toBe(200);
  });

  test('in Redis: 45 cut results of one bus session leave another session’s page readable (OVOS bus)', async () => {
    const bus = await RawOvosClient.connect(open.serve.url);
    try {
      const cut = async (session: string, a: number) => {
        const reply = bus.next('ovos.tools.invoke.response');
        bus.send('ovos.tools.invoke', { name: 'long_text', args: { a }, max_output_chars: 300 }, { source: 'persona', session: { session_id: session } });
        return (await reply).data as { truncated?: { handle?: string } };
      };
      const handle = (await cut('alice', 1)).truncated!.handle!;
      expect(handle).toMatch(/^res_/);
      for (let i = 0; i < 45; i++) expect((await cut('mallory', 100 + i)).truncated?.handle).toMatch(/^res_/);
      const page = bus.next('ovos.tools.result.get.response');
      bus.send('ovos.tools.result.get', { handle, offset: 0, limit: 100 }, { source: 'persona', session: { session_id: 'alice' } });
      const data = (await page).data;
      expect(data.code, JSON.stringify(data)).toBeUndefined();
      expect(typeof data.text).toBe('string');
    } finally {
      bus.close();
    }
  });
});

/** What a web page can make a browser send without a CORS preflight, and a few it cannot (refused as well). */
const CROSS_SITE_BODIES: Array<[string, Record<string, string>, string | undefined]> = [
  ['no body, no content type', {}, undefined],
  ['text/plain', { 'content-type': 'text/plain' }, '{"tool_id":"now","args":{}}'],
  ['form', { 'content-type': 'application/x-www-form-urlencoded' }, 'tool_id=now'],
  ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--\r\n'],
  ['JSON', { 'content-type': 'application/json' }, '{"tool_id":"now","args":{}}'],
];

describe('finding 5: a cross-site request is refused on every state-changing route', () => {
  const routes: Array<[string, string]> = [
    ['POST', '/internal/tools/reload'],
    ['POST', '/internal/tools/call'],
    ['POST', '/mcp'],
    ['DELETE', '/mcp'],
  ];
  for (const [method, route] of routes) {
    for (const [what, headers, body] of CROSS_SITE_BODIES) {
      for (const origin of ['http://evil.example', 'null']) {
        test(`${method} ${route}, ${what}, Origin ${origin} → 403`, async () => {
          const res = await fetch(`${open.base}${route}`, { method, headers: { ...headers, origin }, ...(body !== undefined ? { body } : {}) });
          expect(res.status).toBe(403);
          expect(await res.json()).toMatchObject({ ok: false, code: 'forbidden' });
        });
      }
    }
  }

  test('`Sec-Fetch-Site: cross-site` without Origin is refused too; the server’s own origin and non-browser clients are served', async () => {
    const crossSite = await fetch(`${open.base}/internal/tools/reload`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const own = await post(open.base, '/internal/tools/call', undefined, { tool_id: 'now', args: {} }, { origin: open.base });
    expect(own.status).toBe(200);
    const cli = await post(open.base, '/internal/tools/call', undefined, { tool_id: 'now', args: {} });
    expect(cli.status).toBe(200);
  });

  test('a foreign Host (DNS rebinding) is refused on every route of a loopback server', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: open.port, path: '/internal/tools', headers: { host: `evil.example:${open.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('finding 6: /mcp validates Origin', () => {
  for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
    test(`initialize with Origin ${origin} → 403`, async () => {
      const res = await fetch(`${open.base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, origin }, body: JSON.stringify(INIT) });
      expect(res.status).toBe(403);
    });
  }

  test('the server’s own origin initializes', async () => {
    const res = await fetch(`${open.base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, origin: open.base }, body: JSON.stringify(INIT) });
    expect(res.status).toBe(200);
    const id = res.headers.get('mcp-session-id')!;
    await res.body?.cancel();
    await fetch(`${open.base}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': id, origin: open.base, 'mcp-protocol-version': '2025-06-18' } });
  });
});

describe('the big frame', () => {
  test('a 20 MB bus frame is refused before it is read (1009, Message Too Big, and a log line naming the limit); other callers are answered', async () => {
    const big = new WebSocket(open.serve.url);
    await new Promise((resolve, reject) => (big.once('open', resolve), big.once('error', reject)));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      big.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
      setTimeout(() => resolve({ code: 0, reason: 'the bus kept the connection open: the frame was accepted' }), 15_000).unref();
    });
    const content = 'x'.repeat(20 * 1024 * 1024);
    big.send(JSON.stringify({ type: 'ovos.tools.invoke', data: { name: 'slow_echo', args: { a: 1, pad: content } }, context: { source: 'persona' } }));
    const other = await RawOvosClient.connect(open.serve.url);
    try {
      const list = await other.request('ovos.tools.list', {}, 10_000);
      expect((list.data.tools as unknown[]).length).toBeGreaterThan(0);
      const { code } = await closed;
      expect(code).toBe(1009);
      expect(open.serve.output()).toMatch(/frame larger than 8388608 bytes \(websocket\.max_msg_size 8 MiB\); the frame was not read/);
    } finally {
      other.close();
      big.terminate();
    }
  });
});
