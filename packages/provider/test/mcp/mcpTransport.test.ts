import { request as httpRequest, createServer, type Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { createMcpHttpHandler, fromMcpToolName, serveMcpStdio, toMcpToolName, type McpHttpHandler } from '../../src/transports/mcp/index.js';
import { fakeToolService } from './fakeToolService.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('tool names', () => {
  test('names MCP accepts stay (SEP-986: [A-Za-z0-9_.-]{1,128}); others map reversibly with "." escapes', () => {
    expect(toMcpToolName('unit_convert')).toBe('unit_convert');
    expect(toMcpToolName('projects.list')).toBe('projects.list');
    expect(toMcpToolName('odd name.v2')).toBe('odd.0020name.002ev2');
    for (const n of ['a', 'odd name.v2', 'ünï/cödé', 'get-sum', 'projects.list', 'bad.zz']) expect(fromMcpToolName(toMcpToolName(n)!)).toBe(n);
    // a name that reads as escaped is decoded here; the server looks the name itself up first (see createMcpToolServer)
    expect(toMcpToolName('x.0020y')).toBe('x.0020y');
    expect(fromMcpToolName('x.0020y')).toBe('x y');
    expect(fromMcpToolName('has space')).toBeUndefined();
    expect(toMcpToolName('€'.repeat(40))).toBeUndefined();
  });
});

async function httpMount(handlerOptions: Parameters<typeof createMcpHttpHandler>[1] = {}) {
  const fake = fakeToolService();
  const handler: McpHttpHandler = createMcpHttpHandler(fake.service, handlerOptions);
  const server: Server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
  cleanups.push(async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return { fake, handler, url };
}

async function client(url: string, token?: string) {
  const c = new Client({ name: 'test', version: '1' }, { capabilities: {} });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}));
  cleanups.push(() => c.close());
  return c;
}

const callerOf = (req: { headers: Record<string, unknown> }) => {
  const m = /^Bearer (\w+)$/.exec(String(req.headers.authorization ?? ''));
  return m ? { transport: 'mcp' as const, agentId: m[1]! } : undefined;
};

describe('createMcpHttpHandler (Streamable HTTP)', () => {
  test('lists tools with annotations and mapped names; calls answer structuredContent, errors are isError results', async () => {
    const { url } = await httpMount();
    const c = await client(url);
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toEqual(['whoami', 'broken', 'odd.0020name.002ev2']);
    expect(tools[0]).toMatchObject({ title: 'Who am I', annotations: { readOnlyHint: true, title: 'Who am I' }, outputSchema: { type: 'object' } });
    expect(tools[1]!.annotations).toEqual({ destructiveHint: true });
    const ok = await c.callTool({ name: 'odd.0020name.002ev2', arguments: { n: 1 } });
    expect(ok.structuredContent).toEqual({ session: expect.any(String), n: 1 });
    const broken = await c.callTool({ name: 'broken', arguments: {} });
    expect(broken).toMatchObject({ isError: true, content: [{ type: 'text', text: "RuntimeError: Tool execution failed for 'broken'" }], _meta: { 'org.openvoiceos/error_code': 'execution_failed' } });
    await expect(c.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  test('two clients with colliding JSON-RPC ids each get only their own answers (CVE-2026-25536 class)', async () => {
    const { url, handler } = await httpMount({ callerOf });
    const alice = await client(url, 'alice');
    const bob = await client(url, 'bob');
    expect(handler.sessionCount).toBe(2);
    const sessions = { alice: (alice.transport as StreamableHTTPClientTransport).sessionId, bob: (bob.transport as StreamableHTTPClientTransport).sessionId };
    const calls = [];
    for (let i = 0; i < 10; i++) {
      calls.push(alice.callTool({ name: 'whoami', arguments: { n: i, ms: 10 * (i % 3) } }).then((r) => ({ who: 'alice', i, r })));
      calls.push(bob.callTool({ name: 'whoami', arguments: { n: i, ms: 10 * ((i + 1) % 3) } }).then((r) => ({ who: 'bob', i, r })));
    }
    for (const { who, i, r } of await Promise.all(calls)) expect(r.structuredContent).toEqual({ session: sessions[who as 'alice' | 'bob'], n: i });
  });

  test('list_changed reaches every session', async () => {
    const { url, fake } = await httpMount();
    const seen: string[] = [];
    const a = await client(url);
    const b = await client(url);
    a.setNotificationHandler('notifications/tools/list_changed', () => void seen.push('a'));
    b.setNotificationHandler('notifications/tools/list_changed', () => void seen.push('b'));
    // the notifications travel on each client's standalone SSE stream, which it opens after initialize: change the
    // catalog until both have heard of a change
    for (let i = 0; i < 40 && !(seen.includes('a') && seen.includes('b')); i++) {
      fake.addTool(i ? `newcomer${i}` : 'newcomer');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect([...new Set(seen)].sort()).toEqual(['a', 'b']);
    expect((await a.listTools()).tools.map((t) => t.name)).toContain('newcomer');
  });

  test('bad HTTP input: malformed JSON, no session, unknown session, another caller, no credential', async () => {
    const { url } = await httpMount({ callerOf });
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer alice', ...headers } });
    const garbage = await post('{not json');
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.code).toBe(-32700);
    const noSession = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(noSession.status).toBe(400);
    expect(await noSession.text()).toMatch(/initialize/);
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'mcp-session-id': 'nope' });
    expect(unknown.status).toBe(404);
    expect((await post('{}', { authorization: 'nothing' })).status).toBe(401);
    const alice = await client(url, 'alice');
    const sessionId = (alice.transport as StreamableHTTPClientTransport).sessionId!;
    const hijack = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'mcp-session-id': sessionId, authorization: 'Bearer mallory' });
    expect(hijack.status).toBe(403);
  });

  test('allowedHosts/allowedOrigins: the HTTP server’s Host/Origin rule, on every method (a foreign Origin cannot open the GET stream)', async () => {
    const { url } = await httpMount({ callerOf, allowedHosts: ['tools.example.org'], allowedOrigins: ['https://console.example.org'] });
    const base = { accept: 'application/json, text/event-stream', authorization: 'Bearer alice', host: 'tools.example.org' };
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const req = (method: string, headers: Record<string, string>, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const r = httpRequest(url, { method, headers: { ...base, ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => (res.destroy(), resolve(res.statusCode!)));
        r.on('error', reject);
        r.end(body);
      });
    expect(await req('POST', { host: 'evil.example' }, init)).toBe(403);
    expect(await req('GET', { origin: 'http://evil.example', 'mcp-session-id': 'x' })).toBe(403);
    expect(await req('DELETE', { origin: 'null', 'mcp-session-id': 'x' })).toBe(403);
    expect(await req('POST', { origin: 'https://console.example.org' }, init)).toBe(200);
    expect(await req('POST', { origin: 'http://tools.example.org' }, init)).toBe(200);
  });
});

describe('createMcpHttpHandler behind a balancer', () => {
  test("a call's SSE headers leave with its first event: none while the tool runs silently, at once when it reports progress", async () => {
    const { url } = await httpMount();
    const c = await client(url);
    const sessionId = (c.transport as StreamableHTTPClientTransport).sessionId!;
    const call = (id: number, params: Record<string, unknown>, signal: AbortSignal) =>
      fetch(url, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }),
      });
    const stop = new AbortController();
    cleanups.push(() => stop.abort());
    // a tool that runs for a minute without reporting anything: no status line yet, so a replica that dies now
    // leaves the balancer a connection closed before any answer (an immediate 502), not a half-open stream
    const silent = call(900, { name: 'whoami', arguments: { n: 1, ms: 60_000 } }, stop.signal).then(() => 'headers', () => 'aborted');
    expect(await Promise.race([silent, new Promise((r) => setTimeout(() => r('held'), 500))])).toBe('held');
    // with a progressToken, the first progress report sends the headers and streams before the result
    const progress: number[] = [];
    const r = await c.callTool({ name: 'whoami', arguments: { n: 2, ms: 50 } }, { onprogress: (p: { progress: number }) => void progress.push(p.progress) } as never);
    expect(r.structuredContent).toMatchObject({ n: 2 });
    expect(progress).toEqual([1]);
  });
});

describe('createMcpHttpHandler session limits', () => {
  test('beyond maxSessions, initialize of another caller is refused with 503; the same caller has its oldest session closed', async () => {
    const { url, handler } = await httpMount({ maxSessions: 1, callerOf });
    const first = await client(url, 'alice');
    expect(handler.sessionCount).toBe(1);
    await expect(client(url, 'bob')).rejects.toThrow(/503|Too many MCP sessions/);
    const second = await client(url, 'alice');
    expect(handler.sessionCount).toBe(1);
    await expect(first.listTools()).rejects.toThrow(/mcp\.max_sessions/);
    expect((await second.listTools()).tools.length).toBeGreaterThan(0);
  });

  test('beyond maxSessionsPerCaller, the caller’s least recently used session is closed and says why; others keep theirs', async () => {
    const { url, handler } = await httpMount({ maxSessionsPerCaller: 2, callerOf });
    const bob = await client(url, 'bob');
    const a1 = await client(url, 'alice');
    const a2 = await client(url, 'alice');
    await a1.listTools(); // a2 is now alice's least recently used
    const a3 = await client(url, 'alice');
    expect(handler.sessionCount).toBe(3);
    await expect(a2.listTools()).rejects.toThrow(/max_sessions_per_caller/);
    for (const c of [bob, a1, a3]) expect((await c.listTools()).tools.length).toBeGreaterThan(0);
  });

  test('concurrent initialize requests of one caller cannot pass its cap together', async () => {
    const { url, handler } = await httpMount({ maxSessionsPerCaller: 2, callerOf });
    const init = () =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: 'Bearer alice', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      }).then(async (r) => (await r.text(), r.status));
    const statuses = await Promise.all(Array.from({ length: 6 }, init));
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(handler.sessionCount).toBeLessThanOrEqual(2);
    expect(handler.sessionCount).toBeGreaterThan(0);
  });

  test('a session with no requests for sessionIdleMs is closed and its id answers 404', async () => {
    const { url, handler } = await httpMount({ sessionIdleMs: 2000 });
    const c = await client(url);
    for (let i = 0; i < 300 && handler.sessionCount > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(handler.sessionCount).toBe(0);
    await expect(c.listTools()).rejects.toThrow(/Session not found|Session closed after 2000 ms/);
  });
});

describe('serveMcpStdio', () => {
  test('a malformed line is answered with a parse error and the server goes on; closing detaches from the service', async () => {
    const fake = fakeToolService();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    let buf = '';
    stdout.on('data', (d) => {
      buf += String(d);
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(buf.slice(0, i)));
        buf = buf.slice(i + 1);
      }
    });
    const mcp = await serveMcpStdio(fake.service, { stdin, stdout });
    expect(fake.listenerCount()).toBe(1);
    stdin.write('this is not json\n');
    stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\n');
    stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: { n: 'x' } } }) + '\n');
    for (let i = 0; i < 100 && !lines.some((l) => l.id === 2); i++) await new Promise((r) => setTimeout(r, 20));
    expect(lines.find((l) => l.id === 1)).toMatchObject({ result: { serverInfo: { name: 'ovos-tools' } } });
    expect(lines.find((l) => l.id === 2)).toMatchObject({ result: { isError: true, _meta: { 'org.openvoiceos/error_code': 'invalid_arguments' } } });
    await mcp.close();
    expect(fake.listenerCount()).toBe(0);
  });
});
