import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { freePort, linkedPluginRoot, RawOvosClient, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

// One collision rule for every host kind (bundled > pinned > plugins > mounted > federated), shown with a real MCP
// server: `@modelcontextprotocol/server-filesystem` mounted by toolbox-mcp as `fs` serves `read_file`, `write_file`
// and `list_directory`, as the bundled filesystem toolbox does. The bundled tools keep their names on every
// transport; the mounted ones are listed as shadowed and reached by their qualified name (bus and HTTP `toolbox_id`,
// MCP `fs__read_file`).
const requireHere = createRequire(import.meta.url);
const filesystemServer = path.join(path.dirname(requireHere.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');
const BUNDLED = 'ovos-filesystem-tools';
const SHADOWED = ['read_file', 'write_file', 'list_directory'];

let extra: PluginRoot;
let work: string;
let files: string;
let serve: ServeProcess;
let bus: RawOvosClient;
let httpBase: string;

beforeAll(async () => {
  extra = linkedPluginRoot(['toolbox-mcp']);
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-collisions-'));
  files = path.join(work, 'files');
  mkdirSync(files);
  writeFileSync(path.join(files, 'note.txt'), 'from the sandbox\n');
  const configFile = path.join(work, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      import_timeout_ms: 90_000,
      'ovos-filesystem-tools': { root_path: files },
      'ovos-mcp-tools': { servers: { fs: { command: process.execPath, args: [filesystemServer, files] } } },
    }),
  );
  const port = await freePort();
  serve = await startServe(['--plugins', repoRoot, '--plugins', extra.dir, '--config', configFile, '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`], {}, { cwd: repoRoot });
  httpBase = `http://127.0.0.1:${port}`;
  bus = await RawOvosClient.connect(serve.url);
}, 120_000);

afterAll(async () => {
  bus?.close();
  await serve?.stop();
  extra?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a mounted MCP server never takes over a bundled tool', () => {
  test('ovos.tools.list: the bundled tool once, the mounted one marked shadowed_by; collisions name the bundled winner', async () => {
    const list = (await bus.request('ovos.tools.list', {}, 20_000)).data;
    const tools = list.tools as Array<{ name: string; toolbox_id: string; shadowed_by?: string }>;
    for (const name of SHADOWED) {
      const entries = tools.filter((t) => t.name === name);
      expect(entries.map((t) => [t.toolbox_id, t.shadowed_by])).toEqual(expect.arrayContaining([[BUNDLED, undefined], ['fs', BUNDLED]]));
      expect(list.collisions).toContainEqual({ name, toolbox_ids: expect.arrayContaining([BUNDLED, 'fs']), winner: BUNDLED });
    }
    // a tool only the server has is not shadowed
    expect(tools.find((t) => t.name === 'read_text_file')).toMatchObject({ toolbox_id: 'fs' });
    expect(tools.find((t) => t.name === 'read_text_file')).not.toHaveProperty('shadowed_by');
    const summary = (await bus.request('ovos.tools.list', { summary: true })).data.tools as Array<Record<string, unknown>>;
    expect(summary.find((t) => t.name === 'read_file' && t.toolbox_id === 'fs')).toMatchObject({ shadowed_by: BUNDLED });
  });

  test('over the bus the name runs the bundled tool; toolbox_id reaches the shadowed one (get and invoke)', async () => {
    const bundled = await bus.request('ovos.tools.invoke', { name: 'read_file', args: { path: 'note.txt' } }, 20_000);
    expect(bundled.data).toMatchObject({ toolbox_id: BUNDLED, result: { content: 'from the sandbox\n' } });
    const mounted = await bus.request('ovos.tools.invoke', { name: 'read_file', args: { path: path.join(files, 'note.txt') }, toolbox_id: 'fs' }, 20_000);
    expect(mounted.data).toMatchObject({ toolbox_id: 'fs', result: { content: 'from the sandbox\n' } });
    // list_directory answers differently in each: the bundled tool's entries, the server's text
    expect((await bus.request('ovos.tools.invoke', { name: 'list_directory', args: { path: '.' } })).data).toMatchObject({ toolbox_id: BUNDLED, result: { entries: [expect.stringContaining('note.txt')] } });
    expect((await bus.request('ovos.tools.invoke', { name: 'list_directory', args: { path: files }, toolbox_id: 'fs' }, 20_000)).data).toMatchObject({
      toolbox_id: 'fs',
      result: { content: '[FILE] note.txt' },
    });

    expect((await bus.request('ovos.tools.get', { name: 'read_file' })).data).toMatchObject({ toolbox_id: BUNDLED, timeout_ms: expect.any(Number) });
    expect((await bus.request('ovos.tools.get', { name: 'read_file' })).data).not.toHaveProperty('shadowed_by');
    expect((await bus.request('ovos.tools.get', { name: 'read_file', toolbox_id: 'fs' })).data).toMatchObject({ toolbox_id: 'fs', shadowed_by: BUNDLED, description: expect.stringContaining('DEPRECATED') });
    expect((await bus.request('ovos.tools.get', { name: 'read_file', toolbox_id: 'nope' })).data).toMatchObject({ code: 'unknown_tool' });
    expect((await bus.request('ovos.tools.invoke', { name: 'read_file', toolbox_id: 7 })).data).toMatchObject({ code: 'invalid_request', error: expect.stringContaining("Invalid field 'toolbox_id'") });
    // the per-toolbox topic reaches it too, as before
    const topic = await bus.request('ovos.persona.tools.fs.call', { name: 'list_directory', kwargs: { path: files } }, 20_000);
    expect(topic.data).toMatchObject({ toolbox_id: 'fs', result: { content: '[FILE] note.txt' } });
  });

  test('over HTTP: listed with shadowed_by, read and called with toolbox_id', async () => {
    const list = (await (await fetch(`${httpBase}/internal/tools`)).json()) as { tools: Array<Record<string, unknown>> };
    expect(list.tools.filter((t) => t.id === 'read_file').map((t) => [t.toolbox_id, t.shadowed_by])).toEqual(expect.arrayContaining([[BUNDLED, undefined], ['fs', BUNDLED]]));
    expect(await (await fetch(`${httpBase}/internal/tools/read_file`)).json()).toMatchObject({ toolbox_id: BUNDLED, timeout_ms: expect.any(Number) });
    expect(await (await fetch(`${httpBase}/internal/tools/read_file?toolbox_id=fs`)).json()).toMatchObject({ toolbox_id: 'fs', shadowed_by: BUNDLED });
    const call = async (body: Record<string, unknown>) =>
      (await fetch(`${httpBase}/internal/tools/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    expect(await call({ tool_id: 'list_directory', args: { path: '.' } })).toMatchObject({ ok: true, result: { entries: [expect.stringContaining('note.txt')] } });
    expect(await call({ tool_id: 'list_directory', toolbox_id: 'fs', args: { path: files } })).toMatchObject({ ok: true, result: { content: '[FILE] note.txt' } });
  });

  test('over MCP (/mcp of serve --http): the bundled tool under its name, the shadowed one as fs__read_file', async () => {
    const client = new Client({ name: 'e2e-collisions', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${httpBase}/mcp`)));
    try {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of SHADOWED) {
        expect(byName.get(name)?._meta).toMatchObject({ 'org.openvoiceos/toolbox_id': BUNDLED });
        expect(byName.get(`fs__${name}`)?._meta).toEqual({ 'org.openvoiceos/toolbox_id': 'fs', 'org.openvoiceos/shadowed_by': BUNDLED });
      }
      expect(tools.filter((t) => t.name === 'read_file')).toHaveLength(1);
      const bundled = await client.callTool({ name: 'list_directory', arguments: { path: '.' } });
      expect(bundled.structuredContent).toMatchObject({ entries: [expect.stringContaining('note.txt')] });
      const mounted = await client.callTool({ name: 'fs__list_directory', arguments: { path: files } });
      expect(mounted.isError).toBeFalsy();
      expect(mounted.structuredContent).toEqual({ content: '[FILE] note.txt' });
      // a qualified name works for a tool that is not shadowed, too
      const winner = await client.callTool({ name: `${BUNDLED}__list_directory`, arguments: { path: '.' } });
      expect(winner.structuredContent).toMatchObject({ entries: [expect.stringContaining('note.txt')] });
    } finally {
      await client.close();
    }
  });
});
