import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import type { Logger } from '@ovos-tools/core';
import { parseAgentsConfig } from '../src/access/AgentDefinition.js';
import { sha256Hex } from '../src/access/credential.js';
import { PrometheusMetrics } from '../src/metrics/PrometheusMetrics.js';
import { HttpServerConfigError, startHttpServer, type HttpServerHandle, type HttpServerOptions } from '../src/transports/http/index.js';
import { descriptor, fakeToolService } from './helpers/fakeToolService.js';

const SECRET = 'dev-secret-token';
const servers: HttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function agents(extra: Record<string, unknown> = {}) {
  const problems: string[] = [];
  const list = parseAgentsConfig(
    {
      'agent:sofia': { credential: { sha256: sha256Hex(SECRET) }, tools: ['*'] },
      'agent:kid': { credential: { env: 'KID_TOKEN' }, tools: ['tag:read-only', 'clock.*'] },
      ...extra,
    },
    problems,
    { KID_TOKEN: 'kid-token-0123456789' },
  );
  expect(problems).toEqual([]);
  return list;
}

function catalog(access: Parameters<typeof fakeToolService>[1] = { agents: agents() }) {
  return fakeToolService(
    [
      {
        tool: descriptor('projects.list', { title: 'List Projects', tags: ['projects'] }),
        toolboxId: 'toolcore-http-tools',
        kind: 'http',
        run: async (args) => ({ projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao: args.microdao_id }] }),
      },
      { tool: descriptor('clock.now', { tags: ['read-only', 'time'] }), toolboxId: 'clock', run: async () => ({ now: 'noon' }) },
      { tool: descriptor('notes.read', { tags: ['read-only'] }), toolboxId: 'notes', run: async () => ({ text: 'hi' }) },
      { tool: descriptor('notes.delete', { tags: ['destructive'] }), toolboxId: 'notes', run: async () => ({ deleted: true }) },
      { tool: descriptor('pm.only', { allowedAgents: ['agent:pm'] }), toolboxId: 'pm', run: async () => ({}) },
      { tool: descriptor('boom'), toolboxId: 'x', run: async () => Promise.reject(new Error('Connection failed: http://projects-service:8000/')) },
    ],
    access,
  );
}

async function start(service = catalog(), options: HttpServerOptions = {}) {
  const server = await startHttpServer(service, { port: 0, agents: agents(), ...options });
  servers.push(server);
  return server;
}

const json = (secret = SECRET) => ({ 'X-Internal-Secret': secret, 'Content-Type': 'application/json' });

describe('the seed API (curl examples, verbatim)', () => {
  it('GET /internal/tools?agent_id=agent:sofia lists tools in the seed shape', async () => {
    const s = await start();
    const res = await fetch(`${s.url}/internal/tools?agent_id=agent:sofia`, { headers: { 'X-Internal-Secret': 'dev-secret-token' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(5); // pm.only is hidden: its allowed_agents do not include sofia
    expect(body.tools[0]).toEqual({
      id: 'projects.list',
      name: 'List Projects',
      description: 'projects.list does things',
      input_schema: { type: 'object', properties: { microdao_id: { type: 'string' } } },
      output_schema: { type: 'object' },
      executor: 'http',
      toolbox_id: 'toolcore-http-tools',
    });
  });

  it('POST /internal/tools/call with the seed body answers {ok, result, tool_id, latency_ms}; extra fields reach the context', async () => {
    const service = catalog();
    const s = await start(service);
    const res = await fetch(`${s.url}/internal/tools/call`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({
        tool_id: 'projects.list',
        agent_id: 'agent:sofia',
        microdao_id: 'microdao:7',
        args: { microdao_id: 'microdao:7' },
        context: { channel_id: 'channel-uuid', user_id: 'user:123' },
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, tool_id: 'projects.list', result: { projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao: 'microdao:7' }] } });
    expect(typeof body.latency_ms).toBe('number');
    expect(service.requests[0]!.context).toEqual({ microdao_id: 'microdao:7', channel_id: 'channel-uuid', user_id: 'user:123', agent_id: 'agent:sofia' });
    expect(service.requests[0]!.caller).toEqual({ transport: 'http', agentId: 'agent:sofia' });
  });

  it('GET /internal/tools/{tool_id} answers the definition; a failing tool answers ok:false with the error and latency', async () => {
    const s = await start();
    const res = await fetch(`${s.url}/internal/tools/projects.list`, { headers: { 'X-Internal-Secret': 'dev-secret-token' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'projects.list', executor: 'http', tags: ['projects'], examples: [] });
    const failed = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: json(), body: JSON.stringify({ tool_id: 'boom', args: {} }) });
    expect(failed.status).toBe(200);
    const body = await failed.json();
    expect(body).toMatchObject({ ok: false, tool_id: 'boom', code: 'execution_failed' });
    expect(body.error).toContain('Connection failed: http://projects-service:8000/');
    expect(typeof body.latency_ms).toBe('number');
  });
});

describe('authentication', () => {
  it('answers 401 without detail for a missing or wrong credential, whether or not the tool exists', async () => {
    const s = await start();
    const bodies = new Set<string>();
    for (const [path, headers] of [
      ['/internal/tools', {}],
      ['/internal/tools/projects.list', { 'X-Internal-Secret': 'wrong' }],
      ['/internal/tools/no.such.tool', { 'X-Internal-Secret': 'wrong' }],
      ['/internal/tools', { Authorization: 'Bearer nope' }],
    ] as const) {
      const res = await fetch(s.url + path, { headers });
      expect(res.status).toBe(401);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).not.toMatch(/projects|tool_id/);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  });

  it('accepts Authorization: Bearer and the operator secret (which acts for no agent unless it names one)', async () => {
    const service = catalog();
    const s = await start(service, { secret: 'operator-secret-0123456789' });
    const kid = await fetch(`${s.url}/internal/tools`, { headers: { Authorization: 'Bearer kid-token-0123456789' } });
    expect((await kid.json()).total).toBe(2);
    const op = await fetch(`${s.url}/internal/tools`, { headers: { 'X-Internal-Secret': 'operator-secret-0123456789' } });
    expect((await op.json()).tools.map((t: { id: string }) => t.id)).not.toContain('pm.only');
    // the operator secret may act for a named agent (toolcore's runtime holds one service secret): that agent's rules apply
    const claim = await fetch(`${s.url}/internal/tools?agent_id=agent:kid`, { headers: { 'X-Internal-Secret': 'operator-secret-0123456789' } });
    expect(claim.status).toBe(200);
    expect((await claim.json()).total).toBe(2);
    // an agent not declared under agents, named with the operator secret, gets toolcore's rule: every tool whose
    // allowed_agents is absent or names it
    const unknown = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: json('operator-secret-0123456789'), body: JSON.stringify({ tool_id: 'clock.now', agent_id: 'agent:nobody' }) });
    expect(await unknown.json()).toMatchObject({ ok: true });
    const pm = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: json('operator-secret-0123456789'), body: JSON.stringify({ tool_id: 'pm.only', agent_id: 'agent:nobody' }) });
    expect(await pm.json()).toMatchObject({ ok: false, code: 'forbidden', error: expect.stringContaining('allowed_agents ["agent:pm"] does not include "agent:nobody"') });
    const asPm = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: json('operator-secret-0123456789'), body: JSON.stringify({ tool_id: 'pm.only', agent_id: 'agent:pm' }) });
    expect(await asPm.json()).toMatchObject({ ok: true });
    await fetch(`${s.url}/internal/tools/call`, {
      method: 'POST',
      headers: json('operator-secret-0123456789'),
      body: JSON.stringify({ tool_id: 'clock.now', context: { agent_id: 'agent:sofia' } }),
    });
    expect(service.requests.at(-1)!.context).not.toHaveProperty('agent_id');
  });

  it('refuses to start on a non-loopback address without any credential', async () => {
    await expect(startHttpServer(catalog(), { host: '0.0.0.0', port: 0 })).rejects.toBeInstanceOf(HttpServerConfigError);
    const open = await startHttpServer(catalog(), { port: 0 });
    servers.push(open);
    expect((await fetch(`${open.url}/internal/tools`)).status).toBe(200);
  });
});

describe('per-agent permissions', () => {
  it("hides what an agent's allowlist (tag, glob) does not allow, and refuses it naming the rule", async () => {
    const s = await start();
    const kid = { Authorization: 'Bearer kid-token-0123456789', 'Content-Type': 'application/json' };
    const list = await (await fetch(`${s.url}/internal/tools`, { headers: kid })).json();
    expect(list.tools.map((t: { id: string }) => t.id)).toEqual(['clock.now', 'notes.read']);
    const call = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: kid, body: JSON.stringify({ tool_id: 'notes.delete', args: {} }) });
    expect(call.status).toBe(403);
    const body = await call.json();
    expect(body).toMatchObject({ ok: false, code: 'forbidden', tool_id: 'notes.delete' });
    expect(body.error).toContain('agent "agent:kid": tool "notes.delete" matches none of its rules ["tag:read-only","clock.*"]');
    expect((await fetch(`${s.url}/internal/tools/notes.delete`, { headers: kid })).status).toBe(403);
    const ok = await fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: kid, body: JSON.stringify({ tool_id: 'clock.now' }) });
    expect(await ok.json()).toMatchObject({ ok: true, result: { now: 'noon' } });
  });

  it('refuses a body agent_id that disagrees with the credential', async () => {
    const service = catalog();
    const s = await start(service);
    const res = await fetch(`${s.url}/internal/tools/call`, {
      method: 'POST',
      headers: json('kid-token-0123456789'),
      body: JSON.stringify({ tool_id: 'clock.now', agent_id: 'agent:sofia' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('agent_id "agent:sofia" does not match the credential, which acts for agent "agent:kid"');
    expect(service.requests).toHaveLength(0);
  });

  it("honours the seed's per-tool allowed_agents and per-agent rate limits", async () => {
    const list = agents({ 'agent:pm': { credential: { sha256: sha256Hex('pm-token-0123456789') }, tools: ['*'], rate_per_minute: 2 } });
    const s = await start(catalog({ agents: list }), { agents: list });
    const call = (secret: string) =>
      fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers: json(secret), body: JSON.stringify({ tool_id: 'pm.only' }) });
    const sofia = await call(SECRET);
    expect(sofia.status).toBe(403);
    expect((await sofia.json()).error).toContain('allowed_agents ["agent:pm"] does not include "agent:sofia"');
    expect((await call('pm-token-0123456789')).status).toBe(200);
    expect((await call('pm-token-0123456789')).status).toBe(200);
    const third = await call('pm-token-0123456789');
    expect(third.status).toBe(429);
    expect((await third.json()).error).toBe('refused by agent "agent:pm": rate_per_minute 2 reached');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field for bodies that are not JSON, too large or of the wrong shape; 404 for unknown tools', async () => {
    const s = await start(catalog(), { maxBodyBytes: 1000 });
    const post = (body: string, headers: Record<string, string> = json()) => fetch(`${s.url}/internal/tools/call`, { method: 'POST', headers, body });
    const cases: Array<[Response, string]> = [
      [await post('{not json'), 'body'],
      [await post(JSON.stringify({ args: {} })), 'tool_id'],
      [await post(JSON.stringify({ tool_id: 'clock.now', args: [1] })), 'args'],
      [await post(JSON.stringify({ tool_id: 5 })), 'tool_id'],
      [await post(JSON.stringify({ tool_id: 'clock.now', args: { x: 'y'.repeat(2000) } })), 'body'],
      [await post('tool_id=x', { 'X-Internal-Secret': SECRET, 'Content-Type': 'text/plain' }), 'content-type'],
    ];
    for (const [res, field] of cases) {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ ok: false, code: 'invalid_request', field });
      expect(body.error).toContain(field === 'content-type' ? 'content-type' : field);
    }
    const unknown = await post(JSON.stringify({ tool_id: 'no.such', args: {} }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, code: 'unknown_tool', tool_id: 'no.such', latency_ms: expect.any(Number) });
  });
});

describe('catalog query parameters, OpenAPI, metrics, tracing', () => {
  it('summary, tags (AND) and examples do not change the default listing', async () => {
    const s = await start();
    const get = async (q: string) => (await fetch(`${s.url}/internal/tools${q}`, { headers: { 'X-Internal-Secret': SECRET } })).json();
    expect((await get('?tags=read-only,time')).tools.map((t: { id: string }) => t.id)).toEqual(['clock.now']);
    expect((await get('?summary=true&tags=read-only')).tools[0]).toEqual({
      id: 'clock.now',
      name: 'clock.now',
      summary: 'clock.now does things',
      tags: ['read-only', 'time'],
      toolbox_id: 'clock',
      executor: 'inline',
    });
    expect((await get('?examples=true')).tools[0].examples).toEqual([]);
    expect((await get('')).tools[0]).not.toHaveProperty('examples');
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const s = await start();
    const doc = await (await fetch(`${s.url}/openapi.json`, { headers: { 'X-Internal-Secret': SECRET } })).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/internal/tools', '/internal/tools/{tool_id}', '/internal/tools/call', '/health']));
    expect(doc.paths['/internal/tools/call'].post.requestBody.content['application/json'].schema.required).toEqual(['tool_id']);
  });

  it('/metrics counts an invoke; traceparent reaches the tool context and the access log', async () => {
    const lines: string[] = [];
    const logger: Logger = { debug() {}, info: (m) => lines.push(m), warn() {}, error() {} };
    const metrics = new PrometheusMetrics();
    const service = catalog({ agents: agents({ 'agent:sofia': { credential: { sha256: sha256Hex(SECRET) }, tools: ['*'], reads: ['metrics'] } }), metrics });
    const s = await start(service, { metrics, logger });
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await fetch(`${s.url}/internal/tools/call`, {
      method: 'POST',
      headers: { ...json(), traceparent: tp },
      body: JSON.stringify({ tool_id: 'clock.now', args: { secret_arg: 'do-not-log' } }),
    });
    expect(service.requests[0]!.context!.traceparent).toBe(tp);
    const text = await (await fetch(`${s.url}/metrics`, { headers: { 'X-Internal-Secret': SECRET } })).text();
    expect(text).toMatch(/ovos_tools_invocations_total\{tool="clock.now",toolbox_id="clock",outcome="ok",transport="http"\} 1/);
    expect(text).toMatch(/ovos_tools_invocation_duration_seconds_count\{tool="clock.now",outcome="ok"\} 1/);
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    // an agent without reads: ["metrics"] is refused (the counters name tools hidden from it)
    const kid = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer kid-token-0123456789' } });
    expect(kid.status).toBe(403);
    expect(await kid.json()).toMatchObject({ code: 'forbidden', error: expect.stringContaining('reads') });
    const line = lines.find((l) => l.includes('/internal/tools/call'))!;
    expect(line).toMatch(/^http POST \/internal\/tools\/call 200 agent=agent:sofia tool=clock\.now outcome=ok latency_ms=\d+\.\d{3} traceparent=00-4bf9/);
    expect(line).not.toContain('do-not-log');
  });
});

/** A raw request with the headers as given (fetch would set Host itself): the status and body. */
function rawRequest(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string; host?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: options.host ?? '127.0.0.1', port, method: options.method ?? 'GET', path: options.path ?? '/internal/tools', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.once('error', reject);
    req.end(options.body);
  });
}

describe('one Host/Origin policy for every route', () => {
  it('a server on [::ffff:127.0.0.1] checks Host like any loopback server (it once skipped the check)', async () => {
    const s = await start(catalog(), { agents: [], host: '::ffff:127.0.0.1' });
    const foreign = await rawRequest(s.port, { host: '::ffff:127.0.0.1', headers: { host: `evil.example:${s.port}` } });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ code: 'forbidden', error: expect.stringContaining('DNS rebinding') });
    for (const host of [`[::ffff:127.0.0.1]:${s.port}`, `127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`]) {
      expect((await rawRequest(s.port, { host: '::ffff:127.0.0.1', headers: { host } })).status, host).toBe(200);
    }
    expect((await rawRequest(s.port, { host: '::ffff:127.0.0.1', headers: { host: '127.0.0.1:1' } })).status).toBe(403); // another port
  });

  it('allowedOrigins lets a named web page in; any other Origin is refused on POST whatever the content type', async () => {
    const s = await start(catalog(), { agents: [], allowedOrigins: ['https://console.example.org'] });
    const call = (origin: string, type?: string) =>
      rawRequest(s.port, { method: 'POST', path: '/internal/tools/call', headers: { host: `127.0.0.1:${s.port}`, origin, ...(type ? { 'content-type': type } : {}) }, body: '{"tool_id":"clock.now"}' });
    expect((await call('https://console.example.org', 'application/json')).status).toBe(200);
    expect((await call(`http://127.0.0.1:${s.port}`, 'application/json')).status).toBe(200);
    for (const type of [undefined, 'text/plain', 'application/json']) {
      const refused = await call('https://other.example.org', type);
      expect(refused.status, String(type)).toBe(403);
      expect(JSON.parse(refused.body).error).toMatch(/http\.allowed_origins/);
    }
  });

  it('allowedHosts adds Host values (a balancer’s name) to those a loopback server accepts', async () => {
    const s = await start(catalog(), { agents: [], host: '127.0.0.1', allowedHosts: ['tools.example.org'] });
    expect((await rawRequest(s.port, { headers: { host: 'tools.example.org' } })).status).toBe(200);
    expect((await rawRequest(s.port, { headers: { host: 'other.example.org' } })).status).toBe(403);
  });
});
