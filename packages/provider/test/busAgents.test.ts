import { FakeBus, Message, silentLogger } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';

test('bus_agent_field: the agents allowlists apply on the OVOS bus to the agent a request names (advisory)', async () => {
  const root = makePluginRoot();
  root.addPackage('pair-tools', toolboxEntry('pair'), { 'index.js': toolboxSource('pair', { safe_tool: '() => ({ result: "ok" })', risky_tool: '() => ({ result: "done" })' }) });
  const settings = parseProviderConfig({
    isolation: 'inline',
    federation: false,
    bus_agent_field: 'agent_id',
    agents: { 'agent:kid': { credential: { sha256: 'a'.repeat(64) }, tools: ['safe_*'] } },
  });
  const bus = new FakeBus();
  const provider = new ToolsProvider({ bus, pluginRoots: [root.dir], settings, logger: silentLogger, brain: null });
  await provider.start();
  const ask = async (type: string, data: Record<string, unknown>, context: Record<string, unknown> = {}) => (await bus.waitForResponse(new Message(type, data, context)))!.data;
  try {
    const kid = { agent_id: 'agent:kid' };
    expect(((await ask('ovos.tools.list', {}, kid)).tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['safe_tool']);
    expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, kid)).toMatchObject({ result: { result: 'ok' } });
    expect(await ask('ovos.tools.invoke', { name: 'risky_tool', args: {} }, kid)).toMatchObject({ code: 'forbidden' });
    expect(await ask('ovos.persona.tools.pair.call', { name: 'risky_tool', kwargs: {} }, kid)).toMatchObject({ code: 'forbidden' });
    // a request that names no agent is the operator's, as before
    expect(await ask('ovos.tools.invoke', { name: 'risky_tool', args: {} })).toMatchObject({ result: { result: 'done' } });
  } finally {
    await provider.close();
    root.cleanup();
  }
});
