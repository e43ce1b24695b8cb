import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FakeBus, Message, silentLogger, type JsonObject } from '@ovos-tools/core';
import { hashCredential, parseProviderConfig, ProviderConfigError, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, providerDir, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/**
 * HiveMind satellites as callers (issue 31): the context HiveMind stamps on a satellite's message (see
 * test/fixtures/hivemind/README.md) makes the request the satellite's, acting as the agent declared for its client
 * (`<client_id>::<client name>`) whatever its session, and never with operator rights.
 */
const recorded = JSON.parse(readFileSync(path.join(providerDir, 'test', 'fixtures', 'hivemind', 'satellite-invoke.json'), 'utf8')) as JsonObject;

/** The recorded context with another session id (or another client), as HiveMind would stamp it. */
function stamped(session: string, client = '7::kitchen-satellite', extra: JsonObject = {}): JsonObject {
  const peer = `HiveMind-voice-sat::${client}::${session}`;
  return { ...recorded, source: peer, peer, session: { ...(recorded.session as JsonObject), session_id: session }, ...extra };
}

let root: PluginRoot;
let bus: FakeBus;
let provider: ToolsProvider;
const ask = async (type: string, data: JsonObject, context: JsonObject = {}) => (await bus.waitForResponse(new Message(type, data, context), undefined, 5000))!.data;

beforeAll(async () => {
  root = makePluginRoot();
  root.addPackage('pair-tools', toolboxEntry('pair'), { 'index.js': toolboxSource('pair', { safe_tool: '() => ({ result: "ok" })', risky_tool: '() => ({ result: "done" })' }) });
  const settings = parseProviderConfig({
    isolation: 'inline',
    federation: false,
    bus_agent_field: 'agent_id',
    agents: {
      'agent:kitchen': { hivemind: { client: '7::kitchen-satellite' }, tools: ['safe_*'], rate_per_minute: 4 },
      'agent:boss': { credential: { sha256: hashCredential('boss-token-0123456789', 'sha256') }, tools: ['*'] },
    },
  });
  bus = new FakeBus();
  provider = new ToolsProvider({ bus, pluginRoots: [root.dir], settings, logger: silentLogger, brain: null });
  await provider.start();
});

afterAll(async () => {
  await provider?.close();
  root?.cleanup();
});

describe('a declared satellite acts as its agent, whatever its session', () => {
  test('the recorded context: its allowlist applies, and the agent_id it claims (passed through HiveMind unchecked) is not read', async () => {
    expect(recorded.peer).toBe(recorded.source);
    expect(((await ask('ovos.tools.list', {}, recorded)).tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['safe_tool']);
    expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, recorded)).toMatchObject({ result: { result: 'ok' } });
    // forging the boss's agent_id gets nothing more: the identity comes from the peer HiveMind stamped
    expect(await ask('ovos.tools.invoke', { name: 'risky_tool', args: {} }, { ...recorded, agent_id: 'agent:boss' })).toMatchObject({
      code: 'forbidden',
      error: expect.stringContaining('agent "agent:kitchen": tool "risky_tool" matches none of its rules'),
    });
    expect(await ask('ovos.persona.tools.pair.call', { name: 'risky_tool', kwargs: {} }, recorded)).toMatchObject({ code: 'forbidden' });
  });

  test('a new session of the same client is the same agent: its rate_per_minute counts across sessions', async () => {
    // one call above started on the recorded session (refusals by the allowlist start none); three more on new sessions reach the limit of 4
    for (const session of ['session-2', 'session-3', 'session-4']) {
      expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, stamped(session))).toMatchObject({ result: { result: 'ok' } });
    }
    expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, stamped('session-5'))).toMatchObject({
      code: 'rate_limited',
      error: 'refused by agent "agent:kitchen": rate_per_minute 4 reached',
    });
  });

  test('a satellite may never reload, even as a declared agent', async () => {
    expect(await ask('ovos.tools.reload', {}, stamped('session-6'))).toMatchObject({ code: 'forbidden', error: expect.stringContaining('agent "agent:kitchen" may not reload') });
  });
});

describe('deny by default: a satellite without an agent gets nothing, never operator rights', () => {
  test('an undeclared client: an empty list, forbidden calls naming the config that would declare it, no reload, no discover answer', async () => {
    const garage = stamped('s1', '8::garage-satellite');
    expect(await ask('ovos.tools.list', {}, garage)).toMatchObject({ tools: [] });
    expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, garage)).toMatchObject({
      code: 'forbidden',
      error: expect.stringContaining('HiveMind client "8::garage-satellite" is no agent\'s: declare one with "hivemind": {"client": "8::garage-satellite"}'),
    });
    expect(await ask('ovos.tools.get', { name: 'safe_tool' }, garage)).toMatchObject({ code: 'forbidden' });
    expect(await ask('ovos.persona.tools.pair.call', { name: 'safe_tool', kwargs: {} }, garage)).toMatchObject({ code: 'forbidden' });
    expect(await ask('ovos.tools.reload', {}, garage)).toMatchObject({ code: 'forbidden', error: expect.stringContaining('a HiveMind satellite (peer "HiveMind-voice-sat::8::garage-satellite::s1") may not reload') });
    const discover = await ask('ovos.persona.tools.discover', {}, garage);
    expect(discover.tools).toEqual([]);
  });

  test('a peer not in the 4.x form matches no agent and is refused, naming the form', async () => {
    const odd = { source: 'kitchen::abc', peer: 'kitchen::abc', agent_id: 'agent:boss' };
    expect(await ask('ovos.tools.invoke', { name: 'safe_tool', args: {} }, odd)).toMatchObject({
      code: 'forbidden',
      error: expect.stringContaining('HiveMind peer "kitchen::abc" is not of the form <useragent>::<client_id>::<client name>::<session_id>'),
    });
  });

  test('a plain bus message naming no agent keeps the operator rights it has on a stock OVOS bus', async () => {
    expect(await ask('ovos.tools.invoke', { name: 'risky_tool', args: {} }, { source: 'persona' })).toMatchObject({ result: { result: 'done' } });
  });
});

describe('the agents config for satellites', () => {
  test('an agent may have a hivemind client instead of a credential; a malformed or shared client names the key', () => {
    const bad = () =>
      parseProviderConfig({
        agents: {
          a: { hivemind: { client: 'kitchen' }, tools: ['*'] },
          b: { hivemind: { client: '7::kitchen', name: 'x' }, tools: ['*'] },
          c: { hivemind: { client: '7::kitchen' }, tools: ['*'] },
          d: { tools: ['*'] },
        },
      });
    expect(bad).toThrow(ProviderConfigError);
    const problems = (() => {
      try {
        bad();
      } catch (err) {
        return (err as ProviderConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      "provider config 'agents.b.hivemind.name': unknown key (expected one of client)",
      expect.stringMatching(/^provider config 'agents\.a\.hivemind\.client': expected "<client_id>::<client name>" as in HiveMind's database .*received "kitchen"$/),
      `provider config 'agents.c.hivemind.client': "7::kitchen" is already the HiveMind client of agent "b" (one satellite acts as one agent)`,
      expect.stringMatching(/^provider config 'agents\.d': needs a credential .* a "hivemind": \{"client": "<client_id>::<client name>"\} \(for a HiveMind satellite\), or both$/),
    ]);
  });
});
