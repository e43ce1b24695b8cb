import { createRequire } from 'node:module';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, silentLogger, type ToolboxHost } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mcpHostSource, parseMcpConfig } from '../src/index.js';
import { ctx, fixtureServer, startHttpFixture } from './helpers.js';

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

  test('a reload with unchanged config reuses the running hosts', async () => {
    const r = await mcpHostSource.createHosts({ config: config(), logger: silentLogger, previous: hosts });
    expect(r.hosts.length).toBe(2);
    for (const h of r.hosts) expect(hosts).toContain(h);
  });
});

describe('parseMcpConfig', () => {
  test('bad entries are problems per server, never throws', () => {
    const r = parseMcpConfig({ servers: { ok: { command: 'node', args: [fixtureServer] }, 'bad name!': { command: 'x' }, a: 5, b: { url: 'ftp://x' }, c: { command: 'x', args: [1] }, d: { url: 'http://h', headers: { x: 1 } } } });
    expect([...r.servers.keys()]).toEqual(['ok']);
    expect(r.problems.map((p) => p.toolboxId)).toEqual(['bad name!', 'a', 'b', 'c', 'd']);
    expect(parseMcpConfig({ servers: [] }).problems[0]!.error).toMatch(/must be an object/);
    expect(parseMcpConfig({}).servers.size).toBe(0);
  });
});
