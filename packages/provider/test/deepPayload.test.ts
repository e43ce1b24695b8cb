import { silentLogger } from '@ovos-tools/core';
import { MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';
import { RawOvosClient } from './helpers/serve.js';

test('a request whose context nests 100k levels deep gets an error answer, never silence; the provider keeps serving', async () => {
  const root = makePluginRoot();
  root.addPackage('deep-tools', toolboxEntry('deep'), { 'index.js': toolboxSource('deep', { ping: '() => ({ result: "pong" })' }) });
  const server = new MessageBusServer({ port: 0, logger: silentLogger });
  await server.start();
  const bus = server.attach({ logger: silentLogger });
  const provider = new ToolsProvider({ bus, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: silentLogger, brain: null });
  await provider.start();
  const client = await RawOvosClient.connect(server.url);
  try {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    client.sendRaw(`{"type":"ovos.tools.invoke","data":{"name":"ping","args":{}},"context":{"request_id":"deep-1","session":{"session_id":"s1"},"x":${deep}}}`);
    const answer = await client.first('ovos.tools.invoke.response', 10_000);
    expect(answer.data).toMatchObject({ name: 'ping', code: 'invalid_request', error: expect.stringMatching(/deep|nest/i) });
    expect(answer.context).toMatchObject({ request_id: 'deep-1', session: { session_id: 's1' } });
    expect((await client.request('ovos.tools.invoke', { name: 'ping', args: {} }, 10_000)).data).toMatchObject({ result: { result: 'pong' } });
  } finally {
    client.close();
    await provider.close();
    await bus.close();
    await server.close();
    root.cleanup();
  }
});
