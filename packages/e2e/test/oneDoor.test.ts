import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { toMcpToolName } from '@ovos-tools/provider/mcp';
import { sha256Hex } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { cliPath } from '../../provider/test/helpers/serve.js';
import { freePort, listen, RawOvosClient, startServe, type ServeProcess } from './helpers/system.js';

/**
 * One agent, one decision, every door: the same agent and tool get the same decision and the same error code over
 * the OVOS bus, its HiveMind satellite (the context HiveMind stamps), the HTTP API, MCP over stdio (`ovos-tools mcp
 * --agent`) and MCP over HTTP (`/mcp` of `serve --http`), against the real transports and the real service (issue 26: access control lives in the
 * service; transports only turn their credential into a caller).
 */
const KID_TOKEN = 'kid-token-0123456789abcdef';
const RATE = 4;
/** agent:kid's HiveMind client (`<client_id>::<client name>`); HiveMind stamps `peer` = `source` = `<useragent>::<client>::<session_id>`. */
const KID_SATELLITE = '12::kids-room';
let satelliteSession = 0;
const packagesDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
let root: PluginRoot;
let plugins: string;

type Decision = { ok: true } | { ok: false; code: string };
type Door = { name: string; call(tool: string, args: Record<string, unknown>): Promise<Decision> };

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
      agents: {
        'agent:kid': { credential: { sha256: sha256Hex(KID_TOKEN) }, hivemind: { client: KID_SATELLITE }, tools: ['get_current_datetime', 'vip.*'], rate_per_minute: RATE },
        'agent:boss': { credential: { sha256: sha256Hex('boss-token-0123456789abcdef') }, tools: ['*'] },
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
  root = makePluginRoot();
  plugins = root.dir;
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  for (const name of ['toolbox-clock', 'toolbox-math', 'toolbox-http']) {
    symlinkSync(path.join(packagesDir, name), path.join(root.dir, 'node_modules', '@ovos-tools', name), 'dir');
    root.recordInstall(`@ovos-tools/${name}`); // as `npm install` of a local folder records it (a link)
  }
  backend = await listen(() => ({ type: 'application/json', body: JSON.stringify({ secret: 'the boss report' }) }));
  const cfg = config(`${backend.base}/vip`);
  const httpPort = await freePort();
  serve = await startServe(['--plugins', plugins, '--config', cfg, '--embedded-bus', 'always', '--http', `127.0.0.1:${httpPort}`]);
  httpBase = `http://127.0.0.1:${httpPort}`;
  bus = await RawOvosClient.connect(serve.url);
});

afterAll(async () => {
  for (const c of mcpClients) await c.close().catch(() => undefined);
  bus?.close();
  await serve?.stop();
  backend?.server.close();
  rmSync(work, { recursive: true, force: true });
  root?.cleanup();
});

const doors = (): Door[] => [
  {
    name: 'OVOS bus',
    async call(tool, args) {
      const reply = bus.next('ovos.tools.invoke.response');
      bus.send('ovos.tools.invoke', { name: tool, args }, { source: 'persona', agent_id: 'agent:kid' });
      const data = (await reply).data;
      return 'result' in data ? { ok: true } : { ok: false, code: String(data.code) };
    },
  },
  {
    name: 'HiveMind satellite',
    async call(tool, args) {
      // a new session each time, and a forged agent_id (HiveMind passes it through): the identity is the peer's client
      const peer = `HiveMind-voice-sat::${KID_SATELLITE}::session-${++satelliteSession}`;
      const reply = bus.next('ovos.tools.invoke.response');
      bus.send('ovos.tools.invoke', { name: tool, args }, { source: peer, peer, destination: 'skills', agent_id: 'agent:boss' });
      const data = (await reply).data;
      return 'result' in data ? { ok: true } : { ok: false, code: String(data.code) };
    },
  },
  {
    name: 'HTTP',
    async call(tool, args) {
      const res = await fetch(`${httpBase}/internal/tools/call`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KID_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_id: tool, args }),
      });
      const body = await res.json();
      if (body.code === 'rate_limited') expect(res.status).toBe(429);
      if (body.code === 'forbidden') expect(res.status).toBe(403);
      return body.ok ? { ok: true } : { ok: false, code: body.code };
    },
  },
  {
    name: 'MCP over HTTP',
    async call(tool, args) {
      if (!mcpClients[0]) {
        const c = new Client({ name: 'one-door', version: '1' });
        await c.connect(new StreamableHTTPClientTransport(new URL(`${httpBase}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KID_TOKEN}` } } }));
        mcpClients[0] = c;
      }
      return mcpDecision(mcpClients[0], tool, args);
    },
  },
  {
    name: 'MCP over stdio',
    async call(tool, args) {
      if (!mcpClients[1]) {
        const c = new Client({ name: 'one-door', version: '1' });
        await c.connect(
          new StdioClientTransport({
            command: process.execPath,
            args: [cliPath, 'mcp', '--plugins', plugins, '--config', path.join(work, 'config.json'), '--agent', 'agent:kid', '--log-level', 'warn'],
            stderr: 'ignore',
          }),
        );
        mcpClients[1] = c;
      }
      return mcpDecision(mcpClients[1], tool, args);
    },
  },
];

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

  test('over its rate_per_minute: refused with rate_limited on every door (counted across the bus, its HiveMind satellite, HTTP and /mcp of one provider)', async () => {
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
