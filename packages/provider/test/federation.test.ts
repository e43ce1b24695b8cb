import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger, type JsonObject } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { freePort } from './helpers/serve.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ovosToolboxProcess.mjs');

describe('federation: OVOS toolboxes elsewhere on the bus are served through ovos.tools.*', () => {
  let root: PluginRoot;
  let server: MessageBusServer;
  let providerBus: MessageBusClient;
  let client: MessageBusClient;
  let provider: ToolsProvider;
  const ask = async (type: string, data: JsonObject = {}): Promise<JsonObject> => {
    const reply = await client.waitForResponse(new Message(type, data), undefined, 20_000);
    if (!reply) throw new Error(`no reply to ${type}`);
    return reply.data;
  };
  const names = async () => ((await ask('ovos.tools.list')).tools as JsonObject[]).map((t) => `${t.toolbox_id}/${t.name}`).sort();

  beforeAll(async () => {
    root = makePluginRoot();
    root.addPackage('local-tools', toolboxEntry('local'), { 'index.js': toolboxSource('local', { ping: '() => ({ result: "pong" })' }) });
    const port = await freePort();
    server = new MessageBusServer({ host: '127.0.0.1', port, route: '/core', logger: silentLogger });
    await server.start();
    const url = `ws://127.0.0.1:${port}/core`;
    providerBus = new MessageBusClient({ url, logger: silentLogger });
    await providerBus.connect();
    client = new MessageBusClient({ url, logger: silentLogger });
    await client.connect();
    provider = new ToolsProvider({
      bus: providerBus,
      pluginRoots: [root.dir],
      settings: parseProviderConfig({ isolation: 'inline', federation: { discover_window_ms: 300, interval_ms: 0 } }),
      logger: silentLogger,
      logLevel: 'silent',
      brain: null,
    });
    await provider.start();
  });
  afterAll(async () => {
    await provider?.close();
    await client?.close();
    await providerBus?.close();
    await server?.close();
    root?.cleanup();
  });

  test('a remote toolbox appears after a reload, answers invoke and ovos.persona.tools.call, and disappears after it exits', async () => {
    expect(await names()).toEqual(['local/ping']);
    const remote = spawn(process.execPath, [fixture, `ws://127.0.0.1:${server.port}/core`], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        remote.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        remote.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
      });
      const reload = await ask('ovos.tools.reload');
      expect(reload.loaded).toEqual(['local', 'messagebus']);
      expect(await names()).toEqual(['local/ping', 'math_tools/add']);
      expect(await ask('ovos.tools.get', { name: 'add' })).toMatchObject({ name: 'add', toolbox_id: 'math_tools', argument_schema: { title: 'AddArgs' } });
      expect(await ask('ovos.tools.invoke', { name: 'add', args: { a: 3, b: 4 } })).toMatchObject({ name: 'add', result: { result: 7 }, toolbox_id: 'math_tools' });
      expect(await ask('ovos.persona.tools.call', { toolbox_id: 'math_tools', name: 'add', kwargs: { a: 5, b: 6 } })).toEqual({ result: { result: 11 }, toolbox_id: 'math_tools' });
      expect(await ask('ovos.tools.invoke', { name: 'nope_tool', args: {} })).toMatchObject({ code: 'unknown_tool' });
      // the local toolbox is listed once, though this provider answers discover for it too
      expect((await names()).filter((n) => n.endsWith('/ping'))).toHaveLength(1);
    } finally {
      remote.kill();
      await new Promise((r) => remote.once('exit', r));
    }
    await ask('ovos.tools.reload');
    expect(await names()).toEqual(['local/ping']);
    expect(await ask('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 2 } })).toMatchObject({ code: 'unknown_tool' });
  });
});
