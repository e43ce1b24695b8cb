import { createRequire } from 'node:module';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, silentLogger, type ToolboxHost } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mcpHostSource, parseMcpConfig } from '../src/index.js';
import { ctx, fixtureServer, recordingLogger, startHttpFixture } from './helpers.js';

const require = createRequire(import.meta.url);
/** The reference server from npm (`@modelcontextprotocol/server-everything`), run with this Node. */
const everything = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

describe('mcpHostSource', () => {
  let http: { url: string; child: ChildProcess };
  let hosts: ToolboxHost[] = [];
  const config = () => ({
    servers: {
      everything: { command: process.execPath, args: [everything, 'stdio'] },
      local: { url: http.url },
      broken: { command: process.execPath, args: ['-e', 'process.exit(1)'] },
      typo: { command: 'x', url: 'http://127.0.0.1:1/' },
    },
    restart_delay_ms: 50,
  });

  beforeAll(async () => {
    http = await startHttpFixture();
  });
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.close()));
    http?.child.kill();
  });

  test('is a branded host source', () => {
    expect(mcpHostSource[HOST_SOURCE_BRAND]).toBe(HOST_SOURCE_CONTRACT_VERSION);
  });

  test('mounts the npm reference server and a local Streamable HTTP server; a broken one is a problem, the others go on', async () => {
    const r = await mcpHostSource.createHosts({ config: config(), logger: silentLogger, previous: [] });
    hosts = r.hosts;
    expect(r.hosts.map((h) => h.toolboxId).sort()).toEqual(['everything', 'local']);
    expect(r.problems.map((p) => p.toolboxId).sort()).toEqual(['broken', 'typo']);
    expect(r.problems.find((p) => p.toolboxId === 'typo')!.error).toMatch(/exactly one of "command".*or "url"/);

    const ev = r.hosts.find((h) => h.toolboxId === 'everything')!;
    expect(ev.kind).toBe('mcp');
    const names = ev.describe().tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(await ev.call('echo', { message: 'hi from ovos' }, ctx())).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: expect.stringContaining('hi from ovos') }] } });
    const sum = await ev.call('get-sum', { a: 2, b: 3 }, ctx());
    expect(sum.ok).toBe(true);
    expect(JSON.stringify(sum)).toContain('5');
    expect(await ev.call('get-sum', { a: 'two' }, ctx())).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });

    const local = r.hosts.find((h) => h.toolboxId === 'local')!;
    expect(await local.call('add', { a: 20, b: 22 }, ctx())).toEqual({ ok: true, result: { sum: 42 } });
  });

  test('the problem of a server that exits at once names it, its command, its exit code and its stderr', async () => {
    const r = await mcpHostSource.createHosts({ config: { servers: { broken: { command: process.execPath, args: ['-e', 'console.error("missing API key"); process.exit(1)'] } } }, logger: silentLogger, previous: [] });
    expect(r.hosts).toEqual([]);
    expect(r.problems).toEqual([{ toolboxId: 'broken', error: expect.stringMatching(/^MCP server 'broken' \(command: .*\) exited with code 1 before it answered initialize and tools\/list; its stderr ended with: missing API key$/) }]);
  });

  test('a reload with unchanged config reuses the running hosts', async () => {
    const r = await mcpHostSource.createHosts({ config: config(), logger: silentLogger, previous: hosts });
    expect(r.hosts.length).toBe(2);
    for (const h of r.hosts) expect(hosts).toContain(h);
  });
});

describe('mcpHostSource with no server configured', () => {
  test('is quietly inactive: no hosts, no problem, one info line however often it reloads', async () => {
    const logger = recordingLogger();
    for (const config of [{}, {}, { servers: {} }]) expect(await mcpHostSource.createHosts({ config, logger, previous: [] })).toEqual({ hosts: [], problems: [] });
    expect(logger.lines).toEqual(['info: no MCP servers configured (add "servers" to the "ovos-mcp-tools" config section to mount some); inactive']);
    // a bad section is a problem, not "inactive"; after it is fixed to empty, inactive is reported again
    expect((await mcpHostSource.createHosts({ config: { servers: 3 }, logger, previous: [] })).problems).toHaveLength(1);
    await mcpHostSource.createHosts({ config: {}, logger, previous: [] });
    expect(logger.lines.filter((l) => l.includes('inactive'))).toHaveLength(2);
  });
});

describe('parseMcpConfig: a malformed mount config names the key', () => {
  const problemsOf = (servers: Record<string, unknown>, rest: Record<string, unknown> = {}) => parseMcpConfig({ servers, ...rest }).problems;

  test('bad entries are problems per server (naming servers.<name>.<key>); the good ones are mounted; never throws', () => {
    const r = parseMcpConfig({
      servers: {
        ok: { command: 'node', args: [fixtureServer], prefix: 'ok_', include: ['a*'], exclude: ['b'] },
        'bad name!': { command: 'x' },
        a: 5,
        b: { url: 'ftp://x' },
        c: { command: 'x', args: [1] },
        d: { url: 'http://h', headers: { x: 1 } },
      },
    });
    expect([...r.servers.keys()]).toEqual(['ok']);
    expect(r.servers.get('ok')).toEqual({ transport: 'stdio', command: 'node', args: [fixtureServer], env: {}, prefix: 'ok_', include: ['a*'], exclude: ['b'] });
    expect(r.problems).toEqual([
      { toolboxId: 'bad name!', error: expect.stringMatching(/^servers\.bad name!: the server name is its toolbox id/) },
      { toolboxId: 'a', error: expect.stringMatching(/^servers\.a: expected an object/) },
      { toolboxId: 'b', error: 'servers.b.url: expected an http:// or https:// URL, received ftp:' },
      { toolboxId: 'c', error: 'servers.c.args: expected a list of strings' },
      { toolboxId: 'd', error: 'servers.d.headers: expected an object of string values' },
    ]);
  });

  test('include / exclude / prefix', () => {
    expect(problemsOf({ fs: { command: 'x', include: 'read_file' } })).toEqual([{ toolboxId: 'fs', error: 'servers.fs.include: expected a list of tool names or globs' }]);
    expect(problemsOf({ fs: { command: 'x', exclude: ['ok', 'no spaces'] } })[0]!.error).toMatch(/^servers\.fs\.exclude\[1\]: expected a tool name or glob .*received "no spaces"/);
    expect(problemsOf({ fs: { command: 'x', prefix: 'fs.' } })[0]!.error).toMatch(/^servers\.fs\.prefix: expected up to 63 letters, digits/);
    expect(problemsOf({ fs: { command: 'x', prefix: 7, include: {} } })[0]!.error).toMatch(/^servers\.fs\.prefix: .*; servers\.fs\.include: expected a list/);
    expect(parseMcpConfig({ servers: { fs: { command: 'x', prefix: '' } } }).servers.get('fs')).not.toHaveProperty('prefix');
  });

  test('unknown keys are refused (a misspelt "exclude" must not serve what it meant to hide)', () => {
    expect(problemsOf({ fs: { command: 'x', exlude: ['write_file'] } })).toEqual([
      { toolboxId: 'fs', error: 'servers.fs.exlude: unknown key for a stdio server (expected command, args, env, cwd, prefix, include, exclude)' },
    ]);
    expect(problemsOf({ web: { url: 'http://h/mcp', env: {} } })[0]!.error).toMatch(/^servers\.web\.env: unknown key for a Streamable HTTP server/);
    expect(problemsOf({ x: { command: 'x', url: 'http://h' } })[0]!.error).toMatch(/exactly one of "command".*or "url"/);
    expect(problemsOf({ x: { url: 'http://user:pw@h/mcp' } })[0]!.error).toMatch(/^servers\.x\.url: credentials in the URL are not sent.*"headers"/);
  });

  test('section-wide keys: bad values and unknown keys are problems under ovos-mcp-tools, the defaults are used', () => {
    const r = parseMcpConfig({ server: {}, connect_timeout_ms: 'soon', max_restarts: 1.5, restart_delay_ms: 10 });
    expect(r.problems).toEqual([
      { toolboxId: 'ovos-mcp-tools', error: 'server: unknown key (expected servers, connect_timeout_ms, restart_delay_ms, max_restart_delay_ms, max_restarts)' },
      { toolboxId: 'ovos-mcp-tools', error: 'connect_timeout_ms: expected a number of milliseconds >= 1, received "soon"; using 20000' },
      { toolboxId: 'ovos-mcp-tools', error: 'max_restarts: expected an integer >= 0, received 1.5; using 5' },
    ]);
    expect(r.timings).toEqual({ connectTimeoutMs: 20_000, restartDelayMs: 10, maxRestartDelayMs: 30_000, maxRestarts: 5 });
    expect(parseMcpConfig({ servers: [] }).problems).toEqual([{ toolboxId: 'ovos-mcp-tools', error: expect.stringMatching(/^servers: expected an object/) }]);
    expect(parseMcpConfig({})).toEqual({ servers: new Map(), timings: expect.any(Object), problems: [] });
  });
});
