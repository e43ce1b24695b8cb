import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { silentLogger } from '@ovos-tools/core';
import { createAccessControl, parseProviderConfig, ToolsProvider, type Authorizer, type Caller, type CatalogChange, type ToolService } from '@ovos-tools/provider';
import { afterEach, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/**
 * A transport needs only the `ToolService`: this one is a few lines, in-process, with no bus at all (the provider is
 * built with `bus: null`), and drives list, get, invoke, reload and change notifications through it.
 */
function inProcessTransport(service: ToolService, caller: Caller) {
  const changes: CatalogChange[] = [];
  service.onChange((c) => void changes.push(c));
  return {
    changes,
    names: async () => {
      const listed = await service.list({ caller });
      return (listed.ok ? listed.entries : []).map((e) => `${e.toolboxId}/${e.tool.name}`);
    },
    describe: (name: string) => service.get(name, caller),
    call: (name: string, args: unknown) => service.invoke({ name, args, caller, context: { session: { session_id: 'test' } } }),
    reload: async () => {
      const outcome = await service.reload();
      if (!outcome.ok) throw new Error(outcome.error.error);
      return outcome.report;
    },
  };
}

const roots: PluginRoot[] = [];
const providers: ToolsProvider[] = [];
afterEach(async () => {
  for (const p of providers.splice(0)) await p.close();
  for (const r of roots.splice(0)) r.cleanup();
});

async function provider(config: Record<string, unknown> = {}, authorize?: Authorizer) {
  const root = makePluginRoot();
  roots.push(root);
  const dir = root.addPackage('svc-tools', toolboxEntry('svc'), {
    'index.js': toolboxSource('svc', { add: '({ a, b }) => ({ result: a + b })', whoami: '(_a, ctx) => ({ result: ctx.context.session.session_id })' }),
  });
  const p = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: 'inline', ...config }), logger: silentLogger, brain: null, ...(authorize ? { access: { ...createAccessControl({ agents: [] }), canUse: authorize } } : {}) });
  providers.push(p);
  await p.start();
  return { p, dir };
}

describe('the transport-free tool service', () => {
  test('an in-process transport drives list, get, invoke and reload through the service alone', async () => {
    const { p, dir } = await provider();
    const t = inProcessTransport(p.service, { transport: 'in-process' });
    expect(await t.names()).toEqual(['svc/add', 'svc/whoami']);
    const got = await t.describe('add');
    expect(got.ok && got.entry).toMatchObject({ toolboxId: 'svc', kind: 'inline', source: 'svc', tool: { name: 'add', argumentSchema: { type: 'object' } } });
    expect(await t.describe('nope')).toEqual({ ok: false, error: { error: "Unknown tool: 'nope'", code: 'unknown_tool' } });
    expect(await t.call('add', { a: '2', b: 3 })).toMatchObject({ ok: true, result: { result: 5 }, toolboxId: 'svc' });
    expect(await t.call('whoami', {})).toMatchObject({ ok: true, result: { result: 'test' } });
    expect(await t.call('add', { a: 1.5, b: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    writeFileSync(path.join(dir, 'index.js'), toolboxSource('svc', { add: '({ a, b }) => ({ result: a + b })', sub: '({ a, b }) => ({ result: a - b })' }));
    const report = await t.reload();
    expect(report).toMatchObject({ added: ['sub'], removed: ['whoami'], updated: ['svc'] });
    expect(t.changes.at(-1)).toMatchObject({ added: ['sub'], removed: ['whoami'], updated: ['svc'], generation: report.generation });
    expect(await t.call('sub', { a: 5, b: 3 })).toMatchObject({ ok: true, result: { result: 2 } });
    expect(p.service.toolboxes()).toEqual([expect.objectContaining({ toolboxId: 'svc', origin: 'plugin', toolCount: 2, health: expect.objectContaining({ state: 'ready' }) })]);
  });

  test('access control hides tools from list and refuses get and invoke, naming the rule', async () => {
    const { p } = await provider({}, (caller, entry) => (caller.agentId === 'kid' && entry.tool.name === 'whoami' ? { allowed: false, rule: 'agent "kid": only add is allowed' } : { allowed: true }));
    const kid = inProcessTransport(p.service, { transport: 'in-process', agentId: 'kid' });
    expect(await kid.names()).toEqual(['svc/add']);
    expect(await kid.describe('whoami')).toMatchObject({ ok: false, error: { code: 'forbidden', error: expect.stringContaining('only add is allowed') } });
    expect(await kid.call('whoami', {})).toMatchObject({ ok: false, error: { code: 'forbidden', error: `PermissionError: Tool 'whoami' is not allowed for this caller: agent "kid": only add is allowed` } });
    const adult = inProcessTransport(p.service, { transport: 'in-process', agentId: 'adult' });
    expect(await adult.names()).toEqual(['svc/add', 'svc/whoami']);
  });

  test('a caller that gives up fires the tool signal and gets aborted', async () => {
    const { p } = await provider({ tool_timeouts: { whoami: 60_000 } });
    const controller = new AbortController();
    const pending = p.service.invoke({ name: 'add', args: { a: 1, b: 2 }, signal: controller.signal });
    expect(await pending).toMatchObject({ ok: true });
    controller.abort();
    expect(await p.service.invoke({ name: 'add', args: { a: 1, b: 2 }, signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'aborted' } });
  });
});
