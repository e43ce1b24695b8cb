import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { freePort, linkedPluginRoot, RawOvosClient, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

// `ovos.tools.reload` re-reads the `--config` file of a running `ovos-tools serve`: MCP servers added there appear,
// live settings (time limits, agents) apply, restart-only keys are reported, and a file made invalid keeps the
// running config and tools as they were, saying why.
const toolboxMcp = path.join(repoRoot, 'packages', 'toolbox-mcp');
const fixtureServer = path.join(toolboxMcp, 'test', 'fixtures', 'fixtureServer.mjs');
const TOKEN = 'late-agent-token-0123456789abcdef';

let root: PluginRoot;
let work: string;
let configFile: string;
let serve: ServeProcess;
let bus: RawOvosClient;
let httpBase: string;

const writeConfig = (config: Record<string, unknown>) => writeFileSync(configFile, JSON.stringify(config, null, 2));
const base = (): Record<string, unknown> => ({ 'ovos-mcp-tools': { servers: { first: { command: process.execPath, args: [fixtureServer], include: ['add'] } } } });
const reload = async () => (await bus.request('ovos.tools.reload', {}, 60_000)).data as { added: string[]; removed: string[]; problems: Array<{ entry_point: string; package: string; error: string }>; tools: Array<{ name: string }> };
const toolNames = async () => ((await bus.request('ovos.tools.list', { summary: true })).data.tools as Array<{ name: string; toolbox_id: string }>).map((t) => `${t.toolbox_id}/${t.name}`).sort();

beforeAll(async () => {
  root = linkedPluginRoot(['toolbox-mcp']);
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-config-reload-'));
  configFile = path.join(work, 'config.json');
  writeConfig(base());
  const port = await freePort();
  serve = await startServe(['--plugins', root.dir, '--config', configFile, '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`]);
  httpBase = `http://127.0.0.1:${port}`;
  bus = await RawOvosClient.connect(serve.url);
}, 60_000);

afterAll(async () => {
  bus?.close();
  await serve?.stop();
  root?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('reload re-reads the config file', () => {
  test('a server added to --config appears after a reload; a time limit changed there applies', async () => {
    expect(await toolNames()).toEqual(['first/add']);
    expect((await bus.request('ovos.tools.get', { name: 'add' })).data.timeout_ms).toBe(30_000);
    const next = base();
    (next['ovos-mcp-tools'] as { servers: Record<string, unknown> }).servers.second = { command: process.execPath, args: [fixtureServer], include: ['add'], prefix: 'second_' };
    next.tool_timeouts = { add: 1234 };
    writeConfig(next);
    const r = await reload();
    expect(r.problems).toEqual([]);
    expect(r.added).toEqual(['second_add']);
    expect(await toolNames()).toEqual(['first/add', 'second/second_add']);
    expect((await bus.request('ovos.tools.invoke', { name: 'second_add', args: { a: 40, b: 2 } }, 20_000)).data.result).toEqual({ sum: 42 });
    expect((await bus.request('ovos.tools.get', { name: 'add' })).data.timeout_ms).toBe(1234);
  });

  test('agents added to the config may use the HTTP API after a reload', async () => {
    const asAgent = () => fetch(`${httpBase}/internal/tools`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect((await asAgent()).status).toBe(401);
    writeConfig({ ...base(), agents: { 'agent:late': { credential: { sha256: hashCredential(TOKEN, 'sha256') }, tools: ['add'] } } });
    expect((await reload()).problems).toEqual([]);
    const res = await asAgent();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tools: Array<{ id: string }> }).tools.map((t) => t.id)).toEqual(['add']);
  });

  test('a key that needs a restart is reported, and the running value kept', async () => {
    writeConfig({ ...base(), http: { listen: '127.0.0.1:1' } });
    const r = await reload();
    expect(r.problems).toEqual([
      { entry_point: 'config', package: configFile, error: expect.stringMatching(/^config key 'http' changed but takes effect only after a restart \(the HTTP API listens with the address and secret it started with\); the running value is kept$/) },
    ]);
    expect((await fetch(`${httpBase}/health`)).status).toBe(200);
  });

  test('a config file made invalid keeps the running config and tools, and the reload says why', async () => {
    writeConfig(base());
    expect((await reload()).problems).toEqual([]);
    const before = await toolNames();

    writeFileSync(configFile, '{ "ovos-mcp-tools": { "servers": {} ');
    let r = await reload();
    expect(r.problems).toEqual([{ entry_point: 'config', package: configFile, error: expect.stringContaining(`config not reloaded, the running config is kept: ${configFile} is not valid JSON`) }]);
    expect(await toolNames()).toEqual(before);
    expect((await bus.request('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 2 } }, 20_000)).data.result).toEqual({ sum: 3 });
    // the list says so too until the file is fixed, and so does the log
    expect((await bus.request('ovos.tools.list')).data.problems).toEqual(r.problems);
    expect(serve.output()).toContain(`${configFile}: config not reloaded, the running config is kept`);

    writeConfig({ ...base(), max_concurrency: 'lots', 'ovos-mcp-tools': {} });
    r = await reload();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.error).toMatch(/^config not reloaded, the running config is kept: provider config 'max_concurrency': .*received "lots"/);
    expect(await toolNames()).toEqual(before);

    // a misspelt key and two agents sharing one credential: both named, the running config kept
    const twin = { credential: { sha256: createHash('sha256').update(TOKEN).digest('hex') }, tools: ['add'] };
    writeConfig({ ...base(), defualt_timeout_ms: 5, agents: { 'agent:a': twin, 'agent:b': twin } });
    r = await reload();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.error).toContain("provider config 'defualt_timeout_ms': unknown key; did you mean 'default_timeout_ms'?");
    expect(r.problems[0]!.error).toContain('provider config \'agents.agent:b.credential\': is the credential of agent "agent:a" too');
    expect(await toolNames()).toEqual(before);

    writeConfig(base());
    r = await reload();
    expect(r.problems).toEqual([]);
    expect((await bus.request('ovos.tools.list')).data).not.toHaveProperty('problems');
  });
});
