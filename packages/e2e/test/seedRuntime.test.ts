import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { cliPath } from '../../provider/test/helpers/serve.js';
import { freePort, linkedPluginRoot, listen, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

/**
 * Issue 35, the parts in the HTTP and MCP transports: the seed's own runtime (toolcore: one service secret, any
 * `agent_id` per request, `allowed_agents` per tool) runs unchanged against `ovos-tools serve --http`; an unknown
 * result handle over MCP answers resource-not-found; an output budget below the minimum answers 400; `/mcp` over
 * HTTP reports the provider package's version, as stdio does; the banner lists every route.
 */
const SECRET = 'dev-secret-token-0123456789';
let work: string;
let root: PluginRoot;
let serve: ServeProcess;
let backend: Awaited<ReturnType<typeof listen>>;
let base: string;
const backendCalls: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-seed-runtime-'));
  root = linkedPluginRoot(['toolbox-http']);
  backend = await listen((_req, body) => {
    backendCalls.push(JSON.parse(body || '{}'));
    return { type: 'application/json', body: JSON.stringify({ projects: [{ id: 'p1' }], words: 'a long answer '.repeat(200) }) };
  });
  const tool = (id: string, allowed: string[] | null) => ({
    id,
    description: `The ${id} tool`,
    input_schema: { type: 'object', properties: { microdao_id: { type: 'string' } } },
    executor: 'http',
    target: `${backend.base}/${id}`,
    allow_private: true,
    ...(allowed ? { allowed_agents: allowed } : {}),
  });
  writeFileSync(path.join(work, 'tools.json'), JSON.stringify({ tools: [tool('projects.list', null), tool('steer.only', ['agent:steer']), tool('pm.only', ['agent:pm'])] }));
  writeFileSync(path.join(work, 'config.json'), JSON.stringify({ isolation: 'inline', federation: false, 'ovos-http-tools': { file: path.join(work, 'tools.json') }, http: { secret: SECRET } }));
  const port = await freePort();
  serve = await startServe(['--plugins', root.dir, '--config', path.join(work, 'config.json'), '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`]);
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await serve?.stop();
  backend?.server.close();
  rmSync(work, { recursive: true, force: true });
  root?.cleanup();
});

/** The seed's `call_tool(tool_id, agent_id, args)` (003, toolcore's runtime example), verbatim but for the URL. */
async function callTool(toolId: string, agentId: string, args: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${base}/internal/tools/call`, {
    method: 'POST',
    headers: { 'X-Internal-Secret': SECRET, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_id: toolId, agent_id: agentId, microdao_id: 'microdao:7', args }),
  });
  const result = (await response.json()) as { ok: boolean; result?: unknown; error?: string };
  if (!result.ok) return { failed: result.error };
  return result.result;
}

describe('the seed runtime, unchanged, against serve --http', () => {
  test('an agent not declared under agents, named with the operator secret, calls every tool whose allowed_agents is null or names it', async () => {
    expect(await callTool('projects.list', 'agent:steer', { microdao_id: 'microdao:7' })).toMatchObject({ projects: [{ id: 'p1' }] });
    expect(await callTool('steer.only', 'agent:steer', {})).toMatchObject({ projects: [{ id: 'p1' }] });
    expect(await callTool('pm.only', 'agent:steer', {})).toEqual({ failed: expect.stringContaining('allowed_agents ["agent:pm"] does not include "agent:steer"') });
    const listed = await fetch(`${base}/internal/tools?agent_id=agent:steer`, { headers: { 'X-Internal-Secret': SECRET } });
    expect(((await listed.json()) as { tools: Array<{ id: string }> }).tools.map((t) => t.id).sort()).toEqual(['projects.list', 'steer.only']);
    // the tool sees the agent the request acts for, and the seed's extra body field as context
    expect(backendCalls.at(-1)).toBeDefined();
  });
});

describe('errors as documented on the HTTP and MCP transports', () => {
  test('an output budget below the minimum answers 400 invalid_request, like other bad bodies', async () => {
    const res = await fetch(`${base}/internal/tools/call`, {
      method: 'POST',
      headers: { 'X-Internal-Secret': SECRET, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_id: 'projects.list', args: {}, max_output_chars: 5 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, code: 'invalid_request', error: expect.stringContaining('max_output_chars') });
  });

  // The MCP spec (2026-07-28) makes resource-not-found -32602 with `data.uri` on every revision, and the SDK maps a
  // thrown -32002 to it: the client reads it as its ResourceNotFoundError.
  test('an unknown result handle over /mcp answers resource-not-found (-32602 with data.uri, the spec’s code)', async () => {
    const c = new Client({ name: 'seed', version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${SECRET}` } } }));
    try {
      const err = await c.readResource({ uri: 'ovos-tools://results/res_AAAAAAAAAAAAAAAAAAAAAA?offset=0&limit=10' }).then(
        () => undefined,
        (e: { code?: number; data?: { uri?: string }; name?: string; message?: string }) => e,
      );
      expect(err).toMatchObject({ code: -32602, data: { uri: expect.stringContaining('res_AAAA') } });
      expect(err?.message).toMatch(/Unknown result handle/);
    } finally {
      await c.close();
    }
  });

  test('/mcp over HTTP and `ovos-tools mcp` over stdio report one version: the provider package’s', async () => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'packages', 'provider', 'package.json'), 'utf8')) as { version: string };
    const http = new Client({ name: 'seed', version: '1' });
    await http.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${SECRET}` } } }));
    const stdio = new Client({ name: 'seed', version: '1' });
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', '--plugins', root.dir, '--config', path.join(work, 'config.json'), '--log-level', 'warn'], stderr: 'ignore' }));
    try {
      expect(http.getServerVersion()).toMatchObject({ name: 'ovos-tools', version });
      expect(stdio.getServerVersion()).toMatchObject({ name: 'ovos-tools', version });
    } finally {
      await http.close();
      await stdio.close();
    }
  });

  test('the serve --http banner lists every route, /mcp included', () => {
    const out = serve.output();
    for (const route of ['GET /internal/tools', 'POST /internal/tools/call', 'POST /internal/tools/reload', 'GET /internal/tools/search', 'GET /internal/tools/results/:handle', 'GET /metrics', 'GET /health', 'GET /openapi.json', 'GET /internal/events', 'GET /inspector', 'POST /mcp', 'GET /mcp', 'DELETE /mcp']) {
      expect(out, route).toContain(`  ${route}\n`);
    }
  });
});
