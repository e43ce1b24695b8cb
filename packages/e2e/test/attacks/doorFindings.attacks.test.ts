import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createServer, request, type Server } from 'node:http';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, pluginRootWith } from '../../fixtures/benchRoot.mjs';
import { RawOvosClient, repoRoot, startServe, type ServeProcess } from '../helpers/system.js';

/**
 * Issues 43 and 45, the door findings, each on the real transport (an `ovos-tools serve --http` process, its embedded
 * bus, its HTTP API and `/mcp`): a percent-encoded `/mcp` opening the event stream cross-site; the operator secret
 * with `agent_id` reading operator routes as no agent; a tool id forging an access-log field; an unknown tool without
 * a did-you-mean; a dotted tool name renamed over MCP; a tool's `success: false` logged as `outcome=ok`.
 */
const OPERATOR = 'operator-secret-0123456789abcdef';
const KID = 'kid-token-0123456789abcdef';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attack', version: '1' } } };
const cli = path.join(repoRoot, 'packages', 'provider', 'bin', 'ovos-tools.js');

const TOOLBOX = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'door-tools';
  discoverTools() {
    return [
      new AgentTool({ name: 'evaluate_expression', description: 'Evaluate a sum.', argumentSchema: Type.Object({ a: Type.Number(), b: Type.Number() }),
        outputSchema: Type.Object({ value: Type.Number() }), toolCall: ({ a, b }) => ({ value: a + b }) }),
      new AgentTool({ name: 'secret_tool', description: 'Hidden from the kid.', argumentSchema: Type.Object({}),
        outputSchema: Type.Object({ ok: Type.Boolean() }), toolCall: () => ({ ok: true }) }),
      new AgentTool({ name: 'write_note', description: 'Fails as OVOS tools do: success false.', argumentSchema: Type.Object({}),
        outputSchema: Type.Object({ success: Type.Boolean(), message: Type.String() }), toolCall: () => ({ success: false, message: 'disk full' }) }),
    ];
  }
}
`;

let serve: ServeProcess;
let base: string;
let port: number;
let root: string;
let projects: Server;

/** `projects.list` (a dotted name, as toolcore's example config has) served by @ovos-tools/toolbox-http from a local service. */
async function addHttpTools(dir: string): Promise<string> {
  projects = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ projects: ['a', 'b'] })));
  });
  await new Promise<void>((r) => projects.listen(0, '127.0.0.1', r));
  const toolboxHttp = path.dirname(createRequire(import.meta.url).resolve('@ovos-tools/toolbox-http/package.json'));
  mkdirSync(path.join(dir, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(toolboxHttp, path.join(dir, 'node_modules', '@ovos-tools', 'toolbox-http'), 'dir');
  const lock = { lockfileVersion: 3, packages: { 'node_modules/door-tools': { version: '1.0.0' }, 'node_modules/@ovos-tools/toolbox-http': { link: true } } };
  writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), JSON.stringify(lock));
  const file = path.join(dir, 'http-tools.yaml');
  const target = `http://127.0.0.1:${(projects.address() as { port: number }).port}/projects`;
  writeFileSync(file, `tools:\n  - id: "projects.list"\n    description: "The projects."\n    input_schema: { type: "object" }\n    output_schema: { type: "object", properties: { projects: { type: "array", items: { type: "string" } } } }\n    executor: "http"\n    target: "${target}"\n    allow_private: true\n`);
  return file;
}

beforeAll(async () => {
  root = pluginRootWith('door-', { name: 'door-tools', entryPoint: 'door-tools', source: TOOLBOX });
  const config = {
    isolation: 'inline',
    federation: false,
    http: { secret: OPERATOR },
    'ovos-http-tools': { file: await addHttpTools(root) },
    agents: { 'agent:kid': { credential: { sha256: hashCredential(KID, 'sha256') }, tools: ['projects.list', 'evaluate_expression', 'write_note'] } },
  };
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(config));
  port = await freePort();
  serve = await startServe(['--plugins', root, '--config', path.join(root, 'config.json'), '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`], { OVOS_TOOLS_LOG_LEVEL: 'info' });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await serve?.stop();
  projects?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A raw request (no URL normalisation by the client): status and body. */
function raw(method: string, target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      // an event stream never ends: its status is the answer
      if (res.headers['content-type']?.startsWith('text/event-stream')) {
        resolve({ status: res.statusCode!, body: '' });
        res.destroy();
      } else res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('issue 45: the Host/Origin policy judges the route a request reaches', () => {
  test('GET of /mcp spelled otherwise (/%6Dcp, //mcp, /./mcp, /x/../mcp) with a session and a foreign Origin is refused 403, never a stream', async () => {
    const init = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${OPERATOR}` }, body: JSON.stringify(INIT) });
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id')!;
    await init.body?.cancel();
    for (const target of ['/%6Dcp', '/%6d%63%70', '//mcp', '/./mcp', '/x/../mcp', '/mcp?x=1']) {
      const res = await raw('GET', target, { authorization: `Bearer ${OPERATOR}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', accept: 'text/event-stream', origin: 'http://evil.example' });
      expect([target, res.status]).toEqual([target, res.status === 404 ? 404 : 403]);
      expect(res.status).not.toBe(200);
    }
    const own = await raw('GET', '/%6Dcp', { authorization: `Bearer ${OPERATOR}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', accept: 'text/event-stream', origin: base });
    expect(own.status).toBe(200);
  });
});

describe('issue 45: agent_id on an operator route acts as that agent', () => {
  test('the operator secret with ?agent_id=agent:nobody reads neither /metrics nor /internal/events, nor reloads; without it, it does', async () => {
    const auth = { authorization: `Bearer ${OPERATOR}` };
    expect((await fetch(`${base}/metrics?agent_id=agent:nobody`, { headers: auth })).status).toBe(403);
    expect((await raw('GET', '/internal/events?agent_id=agent:nobody', auth)).status).toBe(403);
    const reload = await fetch(`${base}/internal/tools/reload?agent_id=agent:nobody`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(reload.status).toBe(403);
    const reloadBody = await fetch(`${base}/internal/tools/reload`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ agent_id: 'agent:nobody' }) });
    expect(reloadBody.status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: auth })).status).toBe(200);
    expect((await raw('GET', '/internal/events', auth)).status).toBe(200);
    // an agent credential naming another agent is refused, as on the tool routes
    expect((await fetch(`${base}/metrics?agent_id=agent:other`, { headers: { authorization: `Bearer ${KID}` } })).status).toBe(403);
  });
});

describe('issue 45: a caller-chosen value cannot forge a log field', () => {
  test('a tool_id with spaces and agent= is one quoted field of the access line', async () => {
    const res = await fetch(`${base}/internal/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KID}` },
      body: JSON.stringify({ tool_id: 'nope agent=agent:pm outcome=ok', args: {} }),
    });
    expect(res.status).toBe(404);
    await expect.poll(() => serve.output(), { timeout: 5000 }).toMatch(/http POST \/internal\/tools\/call 404 agent=agent:kid tool="nope agent=agent:pm outcome=ok" outcome=unknown_tool/);
    // read as logfmt: outside quoted values, the line has one agent field and one outcome field
    const line = serve.output().split('\n').find((l) => l.includes('tool="nope agent='))!;
    const unquoted = line.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    expect(unquoted.match(/ agent=/g)).toHaveLength(1);
    expect(unquoted.match(/ outcome=/g)).toHaveLength(1);
  });
});

describe('issue 43: an unknown tool names the nearest tool the caller may see, on every door', () => {
  test('bus, HTTP, MCP and the CLI say "Did you mean \'evaluate_expression\'?"; a hidden tool is never suggested', async () => {
    const bus = await RawOvosClient.connect(serve.url);
    try {
      const answer = await bus.request('ovos.tools.invoke', { name: 'evaluate_expresion', args: {} });
      expect(answer.data.error).toBe("Unknown tool: 'evaluate_expresion'. Did you mean 'evaluate_expression'?");
    } finally {
      bus.close();
    }
    const http = await fetch(`${base}/internal/tools/call`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KID}` }, body: JSON.stringify({ tool_id: 'evaluate_expresion', args: {} }) });
    expect(((await http.json()) as { error: string }).error).toMatch(/Did you mean 'evaluate_expression'\?/);
    // the kid may not see secret_tool: no suggestion of it
    const hidden = await fetch(`${base}/internal/tools/secret_tol`, { headers: { authorization: `Bearer ${KID}` } });
    expect(((await hidden.json()) as { error: string }).error).toBe("Unknown tool: 'secret_tol'");
    const operator = await fetch(`${base}/internal/tools/secret_tol`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(((await operator.json()) as { error: string }).error).toMatch(/Did you mean 'secret_tool'\?/);
    const client = new Client({ name: 'door', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KID}` } } }));
    try {
      await expect(client.callTool({ name: 'evaluate_expresion', arguments: {} })).rejects.toThrow(/Did you mean 'evaluate_expression'\?/);
    } finally {
      await client.close();
    }
    const run = await promisify(execFile)(process.execPath, [cli, 'invoke', 'evaluate_expresion', '{}', '--bus-url', serve.url]).catch((err: { stdout: string; stderr: string }) => err);
    expect(`${run.stdout}${run.stderr}`).toMatch(/Did you mean 'evaluate_expression'\?/);
  });
});

describe('issue 43: MCP names the spec allows pass unchanged', () => {
  test('projects.list is listed as itself and called by that name (and by the older escaped name)', async () => {
    const client = new Client({ name: 'door', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KID}` } } }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('projects.list');
      expect(names).not.toContain('projects.002elist');
      for (const name of ['projects.list', 'projects.002elist']) {
        const result = await client.callTool({ name, arguments: {} });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual({ projects: ['a', 'b'] });
      }
    } finally {
      await client.close();
    }
  });
});

describe('issue 43: a tool that answers success: false is logged as a tool error', () => {
  test('the invoke log line says outcome=tool_error, the answer is the tool’s', async () => {
    const bus = await RawOvosClient.connect(serve.url);
    try {
      const answer = await bus.request('ovos.tools.invoke', { name: 'write_note', args: {} });
      expect(answer.data.result).toEqual({ success: false, message: 'disk full' });
    } finally {
      bus.close();
    }
    await expect.poll(() => serve.output(), { timeout: 5000 }).toMatch(/invoke tool=write_note toolbox=door-tools duration_ms=[\d.]+ outcome=tool_error/);
    expect(serve.output()).not.toMatch(/invoke tool=write_note[^\n]*outcome=ok/);
  });
});
