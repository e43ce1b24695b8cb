import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { answerTo, freePort, RawOvosClient, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

const toolboxMcp = path.join(repoRoot, 'packages', 'toolbox-mcp');
const fixtureServer = path.join(toolboxMcp, 'test', 'fixtures', 'fixtureServer.mjs');
const everything = path.join(path.dirname(createRequire(path.join(toolboxMcp, 'package.json')).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const bin = path.join(repoRoot, 'packages', 'provider', 'bin', 'ovos-tools.js');

/** A plugin root where `@ovos-tools/toolbox-mcp` is installed (linked, as `npm install <folder>` does), and a config file. */
function mountRoot(config: Record<string, unknown>): { root: PluginRoot; work: string; config: string } {
  const root = makePluginRoot();
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(toolboxMcp, path.join(root.dir, 'node_modules', '@ovos-tools', 'toolbox-mcp'), 'dir');
  root.recordInstall('@ovos-tools/toolbox-mcp');
  const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-mcp-mount-'));
  const file = path.join(work, 'config.json');
  writeFileSync(file, JSON.stringify({ 'ovos-mcp-tools': config }));
  return { root, work, config: file };
}

/** The fixture MCP server over Streamable HTTP on `port` (a spec-compliant server: an unknown session gets 404). */
function startHttpFixture(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [fixtureServer, 'http', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`http fixture exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      if (String(d).includes('listening')) resolve(child);
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('MCP servers mounted by @ovos-tools/toolbox-mcp, used over the OVOS bus', () => {
  let mount: ReturnType<typeof mountRoot>;
  let serve: ServeProcess;
  let c: RawOvosClient;
  let httpPort: number;
  let httpServer: ChildProcess;
  let remoteUrl: string;

  beforeAll(async () => {
    httpPort = await freePort();
    remoteUrl = `http://127.0.0.1:${httpPort}/mcp`;
    httpServer = await startHttpFixture(httpPort);
    mount = mountRoot({
      servers: {
        fixture: { command: process.execPath, args: [fixtureServer] },
        everything: { command: process.execPath, args: [everything, 'stdio'] },
        broken: { command: '/nonexistent/server' },
        // the same fixture over Streamable HTTP, its tools served as remote_<name>, only three of them
        remote: { url: remoteUrl, prefix: 'remote_', include: ['add', 'pid', 'wa*'], exclude: ['wait'] },
        typo: { command: process.execPath, args: [fixtureServer], exlude: ['crash'] },
      },
      restart_delay_ms: 50,
    });
    serve = await startServe(['--plugins', mount.root.dir, '--config', mount.config, '--embedded-bus', 'always']);
    c = await RawOvosClient.connect(serve.url);
  }, 120_000);

  afterAll(async () => {
    await c?.close();
    await serve?.stop();
    if (httpServer) await kill(httpServer);
    mount?.root.cleanup();
    if (mount?.work) rmSync(mount.work, { recursive: true, force: true });
  });

  test('the serve banner names each mounted server', () => {
    for (const id of ['fixture', 'everything', 'remote']) expect(serve.output()).toContain(`  - ${id} (ovos-mcp-tools)\n`);
    expect(serve.output()).not.toMatch(/^ {2}- ovos-mcp-tools$/m);
  });

  test('their tools are listed and invoked through ovos.tools.*; a server that cannot start, or a malformed entry, is a load problem naming it', async () => {
    const list = await c.request('ovos.tools.list', { summary: true });
    const tools = list.data.tools as Array<{ name: string; toolbox_id: string }>;
    expect(tools).toEqual(expect.arrayContaining([{ name: 'add', summary: 'Add two integers.', tags: ['mcp', 'fixture'], toolbox_id: 'fixture' }]));
    expect(tools.filter((t) => t.toolbox_id === 'everything').map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const reload = await c.request('ovos.tools.reload');
    const problems = JSON.stringify(reload.data.problems);
    expect(problems).toContain("toolbox 'broken': MCP server 'broken' (command: /nonexistent/server) could not be started: spawn /nonexistent/server ENOENT");
    expect(problems).toContain("toolbox 'typo': servers.typo.exlude: unknown key for a stdio server");

    expect((await c.request('ovos.tools.invoke', { name: 'add', args: { a: 2, b: 3 } })).data.result).toEqual({ sum: 5 });
    const echo = await c.request('ovos.tools.invoke', { name: 'echo', args: { message: 'over the bus' } });
    expect(echo.data.result).toEqual({ content: [{ type: 'text', text: 'Echo: over the bus' }] });
    const bad = await c.request('ovos.tools.invoke', { name: 'add', args: { a: 'two' } });
    expect(bad.data.error).toMatch(/^ValueError: Invalid arguments for tool 'add'/);
  });

  test('prefix, include and exclude: only the selected tools, under their prefixed names', async () => {
    const list = await c.request('ovos.tools.list', { summary: true });
    const remote = (list.data.tools as Array<{ name: string; toolbox_id: string }>).filter((t) => t.toolbox_id === 'remote').map((t) => t.name);
    expect(remote.sort()).toEqual(['remote_add', 'remote_pid']);
    expect((await c.request('ovos.tools.invoke', { name: 'remote_add', args: { a: 40, b: 2 } })).data.result).toEqual({ sum: 42 });
  });

  test('content blocks reach bus callers as a JSON result {content: [...]} (an image as base64 data with its mimeType)', async () => {
    const r = await c.request('ovos.tools.invoke', { name: 'blocks', args: {} });
    const content = (r.data.result as { content: Array<Record<string, unknown>> }).content;
    expect(content.map((b) => b.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    expect(content[1]).toEqual({ type: 'image', data: expect.stringMatching(/^iVBORw0KGgo/), mimeType: 'image/png' });
  });

  test('a mounted HTTP server killed and restarted: the next call succeeds on a new session; while it is down, calls say which server and URL', async () => {
    const pidOf = async () => (await c.request('ovos.tools.invoke', { name: 'remote_pid', args: {} }, 30_000)).data;
    expect((await pidOf()).result).toEqual({ pid: httpServer.pid });

    await kill(httpServer);
    httpServer = await startHttpFixture(httpPort);
    expect((await pidOf()).result).toEqual({ pid: httpServer.pid });

    await kill(httpServer);
    const down = await pidOf();
    expect(down.error).toBe(`RuntimeError: ToolBox 'remote' is unavailable: MCP server 'remote' at ${remoteUrl} is unreachable: fetch failed: connect ECONNREFUSED 127.0.0.1:${httpPort}`);
    httpServer = await startHttpFixture(httpPort);
    expect((await pidOf()).result).toEqual({ pid: httpServer.pid });
  }, 60_000);

  test('a stdio server killed mid-call: toolbox_crashed naming the server, command and exit code, a restart, and the next call works', async () => {
    c.send('ovos.tools.invoke', { name: 'crash', args: {} }, { request_id: 'crash-1' });
    const crashed = await answerTo(c, 'crash-1');
    expect(crashed.data.error).toMatch(/crashed during the call: MCP server 'fixture' \(command: .*fixtureServer\.mjs\) exited with code 3; it is being restarted/);
    expect((await c.request('ovos.tools.invoke', { name: 'add', args: { a: 40, b: 2 } }, 30_000)).data.result).toEqual({ sum: 42 });
  });
});

describe('content blocks of a mounted server re-served by `ovos-tools mcp`, read by the official MCP client', () => {
  let mount: ReturnType<typeof mountRoot>;
  let client: Client;

  beforeAll(async () => {
    mount = mountRoot({ servers: { everything: { command: process.execPath, args: [everything, 'stdio'] }, fixture: { command: process.execPath, args: [fixtureServer], include: ['blocks', 'add'] } } });
    client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--plugins', mount.root.dir, '--config', mount.config], stderr: 'pipe' }));
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    mount?.root.cleanup();
    if (mount?.work) rmSync(mount.work, { recursive: true, force: true });
  });

  test('an image block makes the round trip unchanged (not base64 inside a JSON text)', async () => {
    // what server-everything itself answers, straight from it
    const direct = new Client({ name: 'e2e-direct', version: '1.0.0' });
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'ignore' }));
    const original = await direct.callTool({ name: 'get-tiny-image', arguments: {} });
    await direct.close();
    expect((original.content as Array<{ type: string }>).some((b) => b.type === 'image')).toBe(true);

    const viaOvos = await client.callTool({ name: 'get-tiny-image', arguments: {} });
    expect(viaOvos.isError).toBeFalsy();
    expect(viaOvos.content).toEqual(original.content);
    expect(viaOvos.structuredContent).toBeUndefined();
  });

  test('text, image, audio, resource_link and resource blocks pass through; such tools declare no outputSchema; tools with one keep structuredContent', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'blocks')!.outputSchema).toBeUndefined();
    expect(tools.find((t) => t.name === 'add')!.outputSchema).toMatchObject({ properties: { sum: { type: 'integer' } } });

    const blocks = await client.callTool({ name: 'blocks', arguments: {} });
    expect(blocks.content).toEqual([
      { type: 'text', text: 'every kind of block' },
      { type: 'image', data: expect.stringMatching(/^iVBORw0KGgo/), mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///notes/a.txt', name: 'a.txt', mimeType: 'text/plain' },
      { type: 'resource', resource: { uri: 'file:///notes/b.txt', mimeType: 'text/plain', text: 'embedded text' } },
    ]);
    const add = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(add.structuredContent).toEqual({ sum: 3 });
    expect(add.content).toEqual([{ type: 'text', text: '{"sum":3}' }]);
  });
});
