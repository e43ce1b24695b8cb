import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { answerTo, RawOvosClient, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

const toolboxMcp = path.join(repoRoot, 'packages', 'toolbox-mcp');
const fixtureServer = path.join(toolboxMcp, 'test', 'fixtures', 'fixtureServer.mjs');
const everything = path.join(path.dirname(createRequire(path.join(toolboxMcp, 'package.json')).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

describe('MCP servers mounted by @ovos-tools/toolbox-mcp, used over the OVOS bus', () => {
  let root: PluginRoot;
  let work: string;
  let serve: ServeProcess;
  let c: RawOvosClient;

  beforeAll(async () => {
    root = makePluginRoot();
    mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
    symlinkSync(toolboxMcp, path.join(root.dir, 'node_modules', '@ovos-tools', 'toolbox-mcp'), 'dir');
    root.recordInstall('@ovos-tools/toolbox-mcp'); // as `npm install` of a local folder records it (a link)
    work = mkdtempSync(path.join(os.tmpdir(), 'ovos-mcp-mount-'));
    const config = path.join(work, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        'ovos-mcp-tools': {
          servers: {
            fixture: { command: process.execPath, args: [fixtureServer] },
            everything: { command: process.execPath, args: [everything, 'stdio'] },
            broken: { command: '/nonexistent/server' },
          },
          restart_delay_ms: 50,
        },
      }),
    );
    serve = await startServe(['--plugins', root.dir, '--config', config, '--embedded-bus', 'always']);
    c = await RawOvosClient.connect(serve.url);
  }, 120_000);

  afterAll(async () => {
    await c?.close();
    await serve?.stop();
    root?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('their tools are listed and invoked through ovos.tools.*; a server that cannot start is a load problem', async () => {
    const list = await c.request('ovos.tools.list', { summary: true });
    const tools = list.data.tools as Array<{ name: string; toolbox_id: string }>;
    expect(tools).toEqual(expect.arrayContaining([{ name: 'add', summary: 'Add two integers.', tags: ['mcp', 'fixture'], toolbox_id: 'fixture' }]));
    expect(tools.filter((t) => t.toolbox_id === 'everything').map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const reload = await c.request('ovos.tools.reload');
    expect(JSON.stringify(reload.data.problems)).toContain('broken');

    expect((await c.request('ovos.tools.invoke', { name: 'add', args: { a: 2, b: 3 } })).data.result).toEqual({ sum: 5 });
    const echo = await c.request('ovos.tools.invoke', { name: 'echo', args: { message: 'over the bus' } });
    expect(JSON.stringify(echo.data.result)).toContain('over the bus');
    const bad = await c.request('ovos.tools.invoke', { name: 'add', args: { a: 'two' } });
    expect(bad.data.error).toMatch(/^ValueError: Invalid arguments for tool 'add'/);
  });

  test('a server killed mid-call: a clear toolbox_crashed error, a restart, and the next call works', async () => {
    c.send('ovos.tools.invoke', { name: 'crash', args: {} }, { request_id: 'crash-1' });
    const crashed = await answerTo(c, 'crash-1');
    expect(crashed.data.error).toMatch(/crashed during the call.*restarted/);
    expect((await c.request('ovos.tools.invoke', { name: 'add', args: { a: 40, b: 2 } }, 30_000)).data.result).toEqual({ sum: 42 });
  });
});
