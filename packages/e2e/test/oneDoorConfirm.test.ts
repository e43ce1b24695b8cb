import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { toMcpToolName } from '@ovos-tools/provider/mcp';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { cliPath } from '../../provider/test/helpers/serve.js';
import { freePort, linkedPluginRoot, RawOvosClient, startServe, type ServeProcess } from './helpers/system.js';

/**
 * Confirmation on every door (issue 28; the rest of the one-door table is in oneDoor.test.ts): a voice agent's
 * destructive call gets the same decision and the same error code over the OVOS bus, the HTTP API, MCP over stdio
 * (`ovos-tools mcp --agent`) and MCP over HTTP (`/mcp` of `serve --http`), against the real transports and the real
 * service, and runs once only with the token of that very call.
 */
const VOICE_TOKEN = 'voice-token-0123456789abcdef';

type Decision = { ok: true } | { ok: false; code: string };
/** A door's answer with the confirm token of a `confirmation_required` one (kept apart, so decisions compare equal). */
type Answer = { decision: Decision; token?: string };
type Door = { name: string; callAsVoice(tool: string, args: Record<string, unknown>, confirmToken?: string): Promise<Answer> };

let work: string;
let workspace: string;
let root: PluginRoot;
let serve: ServeProcess;
let bus: RawOvosClient;
let httpBase: string;
const mcpClients: Client[] = [];
const configFile = () => path.join(work, 'config.json');

async function mcpAnswer(client: Client, tool: string, args: Record<string, unknown>, confirmToken?: string): Promise<Answer> {
  const r = await client.callTool({ name: toMcpToolName(tool)!, arguments: args, ...(confirmToken ? { _meta: { 'org.openvoiceos/confirm_token': confirmToken } } : {}) });
  if (!r.isError) return { decision: { ok: true } };
  const meta = r._meta as Record<string, unknown>;
  const token = meta['org.openvoiceos/confirm_token'];
  return { decision: { ok: false, code: String(meta['org.openvoiceos/error_code']) }, ...(typeof token === 'string' ? { token } : {}) };
}

/** The voice agent's MCP clients (cached): 0 over HTTP with its bearer token, 1 over stdio with `--agent`. */
async function mcpClient(slot: 0 | 1): Promise<Client> {
  if (mcpClients[slot]) return mcpClients[slot]!;
  const c = new Client({ name: 'one-door', version: '1' });
  if (slot === 0) {
    await c.connect(new StreamableHTTPClientTransport(new URL(`${httpBase}/mcp`), { requestInit: { headers: { authorization: `Bearer ${VOICE_TOKEN}` } } }));
  } else {
    await c.connect(
      new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', '--plugins', root.dir, '--config', configFile(), '--agent', 'agent:voice', '--log-level', 'warn'], stderr: 'ignore' }),
    );
  }
  return (mcpClients[slot] = c);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-one-door-confirm-'));
  workspace = path.join(work, 'workspace');
  mkdirSync(workspace);
  root = linkedPluginRoot(['toolbox-filesystem']);
  writeFileSync(
    configFile(),
    JSON.stringify({
      isolation: 'inline',
      federation: false,
      bus_agent_field: 'agent_id',
      'ovos-filesystem-tools': { root_path: workspace, allow_write: true },
      agents: { 'agent:voice': { credential: { sha256: hashCredential(VOICE_TOKEN, 'sha256') }, tools: ['*'], voice: true } },
    }),
  );
  const httpPort = await freePort();
  serve = await startServe(['--plugins', root.dir, '--config', configFile(), '--embedded-bus', 'always', '--http', `127.0.0.1:${httpPort}`]);
  httpBase = `http://127.0.0.1:${httpPort}`;
  bus = await RawOvosClient.connect(serve.url);
});

afterAll(async () => {
  for (const c of mcpClients) await c?.close().catch(() => undefined);
  bus?.close();
  await serve?.stop();
  rmSync(work, { recursive: true, force: true });
  root?.cleanup();
});

const doors = (): Door[] => [
  {
    name: 'OVOS bus',
    async callAsVoice(tool, args, confirmToken) {
      const reply = bus.next('ovos.tools.invoke.response');
      bus.send('ovos.tools.invoke', { name: tool, args, ...(confirmToken ? { confirm_token: confirmToken } : {}) }, { source: 'persona', agent_id: 'agent:voice' });
      const data = (await reply).data;
      if ('result' in data) return { decision: { ok: true } };
      return { decision: { ok: false, code: String(data.code) }, ...(typeof data.confirm_token === 'string' ? { token: data.confirm_token } : {}) };
    },
  },
  {
    name: 'HTTP',
    async callAsVoice(tool, args, confirmToken) {
      const res = await fetch(`${httpBase}/internal/tools/call`, {
        method: 'POST',
        headers: { authorization: `Bearer ${VOICE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_id: tool, args, ...(confirmToken ? { confirm_token: confirmToken } : {}) }),
      });
      const body = await res.json();
      if (body.ok) return { decision: { ok: true } };
      return { decision: { ok: false, code: body.code }, ...(typeof body.confirm_token === 'string' ? { token: body.confirm_token } : {}) };
    },
  },
  { name: 'MCP over HTTP', callAsVoice: async (tool, args, token) => mcpAnswer(await mcpClient(0), tool, args, token) },
  { name: 'MCP over stdio', callAsVoice: async (tool, args, token) => mcpAnswer(await mcpClient(1), tool, args, token) },
];

describe('one agent, one decision on every door: confirmation', () => {
  test('confirmation: a destructive call of a voice agent is not run without its token, runs once with it, and a replay is refused — on every door', async () => {
    const table: Record<string, Decision[]> = {};
    for (const door of doors()) {
      const file = path.join(workspace, `${door.name.replace(/\W+/g, '-')}.txt`);
      const args = { path: path.basename(file), content: `written over ${door.name}` };
      const asked = await door.callAsVoice('write_file', args);
      expect(asked.token, door.name).toMatch(/^oct1\./);
      expect(existsSync(file), `${door.name}: ran without confirmation`).toBe(false);
      const changed = await door.callAsVoice('write_file', { ...args, content: 'something else' }, asked.token);
      expect(existsSync(file), `${door.name}: ran with changed arguments`).toBe(false);
      const confirmed = await door.callAsVoice('write_file', args, asked.token);
      expect(readFileSync(file, 'utf8')).toBe(`written over ${door.name}`);
      writeFileSync(file, 'changed since');
      const replay = await door.callAsVoice('write_file', args, asked.token);
      expect(readFileSync(file, 'utf8'), `${door.name}: a replay ran`).toBe('changed since');
      table[door.name] = [asked.decision, changed.decision, confirmed.decision, replay.decision];
    }
    const asked = { ok: false, code: 'confirmation_required' };
    const expected = [asked, asked, { ok: true }, asked];
    expect(table).toEqual({ 'OVOS bus': expected, HTTP: expected, 'MCP over HTTP': expected, 'MCP over stdio': expected });
  });

  test('confirmation over MCP stdio with elicitation: `ovos-tools mcp --agent` asks the client; yes writes once, no writes nothing', async () => {
    const answers: Array<'accept' | 'decline'> = ['accept', 'decline'];
    const asked: string[] = [];
    const c = new Client({ name: 'one-door-elicit', version: '1' }, { capabilities: { elicitation: {} } });
    c.setRequestHandler('elicitation/create', async (request) => {
      asked.push((request.params as { message: string }).message);
      const action = answers.shift()!;
      return (action === 'accept' ? { action, content: { confirm: true } } : { action }) as never;
    });
    await c.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'mcp', '--plugins', root.dir, '--config', configFile(), '--agent', 'agent:voice', '--log-level', 'warn'],
        stderr: 'ignore',
      }),
    );
    mcpClients.push(c);
    const yes = await c.callTool({ name: 'write_file', arguments: { path: 'elicited.txt', content: 'yes' } });
    expect(yes.isError).toBeFalsy();
    expect(readFileSync(path.join(workspace, 'elicited.txt'), 'utf8')).toBe('yes');
    const no = await c.callTool({ name: 'write_file', arguments: { path: 'declined.txt', content: 'no' } });
    expect((no._meta as Record<string, unknown>)['org.openvoiceos/error_code']).toBe('confirmation_declined');
    expect(existsSync(path.join(workspace, 'declined.txt'))).toBe(false);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/elicited\.txt/);
  });
});
