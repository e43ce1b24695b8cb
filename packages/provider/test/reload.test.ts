import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Message } from '@ovos-tools/core';
import { afterEach, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

const roots: PluginRoot[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) r.cleanup();
});
const root = () => {
  const r = makePluginRoot();
  roots.push(r);
  return r;
};

describe('hot reload', () => {
  test('picks up installed packages, drops removed ones, and announces ovos.tools.changed', async () => {
    const r = root();
    r.addPackage('one-tools', toolboxEntry('one'), { 'index.js': toolboxSource('one', { first: '() => ({ result: 1 })' }) });
    const { provider, ask, count } = await startFakeProvider([r.dir]);
    const changes = count('ovos.tools.changed');
    try {
      r.addPackage('two-tools', toolboxEntry('two'), { 'index.js': toolboxSource('two', { second: '() => ({ result: 2 })' }) });
      expect(await ask('ovos.tools.reload')).toMatchObject({ loaded: ['one', 'two'], total_tools: 2, added: ['second'], removed: [] });
      expect(await ask('ovos.tools.invoke', { name: 'second', args: {} })).toMatchObject({ result: { result: 2 } });
      r.removePackage('one-tools');
      expect(await ask('ovos.tools.reload')).toMatchObject({ loaded: ['two'], total_tools: 1, added: [], removed: ['first'] });
      expect(await ask('ovos.tools.invoke', { name: 'first', args: {} })).toMatchObject({ error: "Unknown tool: 'first'" });
      expect(changes.map((m) => [m.data.added, m.data.removed])).toEqual([
        [['second'], []],
        [[], ['first']],
      ]);
      await ask('ovos.tools.reload');
      expect(changes).toHaveLength(2); // nothing changed: no event
    } finally {
      await provider.close();
    }
  });

  test('a half-written install never unloads a working toolbox: it keeps serving until npm records the new version', async () => {
    const r = root();
    const dir = r.addPackage('live-tools', toolboxEntry('live'), { 'index.js': toolboxSource('live', { version: '() => ({ result: "v1" })' }) });
    const { provider, ask } = await startFakeProvider([r.dir]);
    try {
      // npm is upgrading it: the old folder is gone, the new one has its package.json but not yet its code,
      // and node_modules/.package-lock.json (written last) still records 1.0.0
      const lock = path.join(r.dir, 'node_modules', '.package-lock.json');
      utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      rmSync(dir, { recursive: true });
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'live-tools', version: '2.0.0', type: 'module', ...toolboxEntry('live') }));
      const during = await ask('ovos.tools.reload');
      expect(during).toMatchObject({ loaded: ['live'], removed: [] });
      expect(JSON.stringify(during.problems)).toContain('live-tools@2.0.0 does not match the installed 1.0.0');
      expect(JSON.stringify(during.problems)).toContain('if npm is still installing it, it loads on the first reload after npm finishes');
      expect(await ask('ovos.tools.invoke', { name: 'version', args: {} })).toMatchObject({ result: { result: 'v1' } });
      // npm finishes: the code, then the record
      writeFileSync(path.join(dir, 'index.js'), toolboxSource('live', { version: '() => ({ result: "v2" })' }));
      r.recordInstall('live-tools', '2.0.0');
      expect(await ask('ovos.tools.reload')).toMatchObject({ loaded: ['live'], updated: ['live'], problems: [] });
      expect(await ask('ovos.tools.invoke', { name: 'version', args: {} })).toMatchObject({ result: { result: 'v2' } });
    } finally {
      await provider.close();
    }
  });

  test('a changed package is re-imported as a fresh module instance, its own files included', async () => {
    const r = root();
    const dir = r.addPackage('live-tools', toolboxEntry('live'), {
      'index.js': toolboxSource('live', { version: '() => ({ result: VERSION })' }, 'import { VERSION } from "./lib/version.js";'),
      'lib/version.js': 'export const VERSION = "v1";',
    });
    const { provider, ask } = await startFakeProvider([r.dir]);
    try {
      expect(await ask('ovos.tools.invoke', { name: 'version', args: {} })).toMatchObject({ result: { result: 'v1' } });
      writeFileSync(path.join(dir, 'lib', 'version.js'), 'export const VERSION = "v2-longer";');
      expect(await ask('ovos.tools.reload')).toMatchObject({ updated: ['live'] });
      expect(await ask('ovos.tools.invoke', { name: 'version', args: {} })).toMatchObject({ result: { result: 'v2-longer' } });
    } finally {
      await provider.close();
    }
  });

  test('an unchanged package keeps its host and module; topics stay bound once; close unbinds everything', async () => {
    const r = root();
    r.addPackage('count-tools', toolboxEntry('count'), {
      'index.js': toolboxSource('count', { evaluations: '() => ({ result: globalThis.__evaluations })' }, 'globalThis.__evaluations = (globalThis.__evaluations ?? 0) + 1;'),
    });
    const { provider, ask, bus } = await startFakeProvider([r.dir]);
    try {
      const first = provider.registry.toolboxes[0]!.host;
      const before = (await ask('ovos.tools.invoke', { name: 'evaluations', args: {} })).result as { result: number };
      for (let i = 0; i < 5; i++) await ask('ovos.tools.reload');
      expect(await ask('ovos.tools.invoke', { name: 'evaluations', args: {} })).toMatchObject({ result: before });
      expect(provider.registry.toolboxes[0]!.host).toBe(first);
      expect(first.health().state).toBe('ready');
      expect(bus.listenerCount('ovos.persona.tools.count.call')).toBe(1);
      expect(bus.listenerCount('ovos.persona.tools.discover')).toBe(1);
    } finally {
      await provider.close();
    }
    expect(bus.listenerCount('ovos.persona.tools.discover')).toBe(0);
    expect(bus.listenerCount('ovos.tools.invoke')).toBe(0);
  });

  test('reload during 500 in-flight invocations: each answered exactly once with its own result', async () => {
    const r = root();
    r.addPackage('gate-tools', toolboxEntry('gate'), {
      'index.js': toolboxSource(
        'gate',
        { double: 'async ({ a }) => { await globalThis.__gate; return { result: a * 2 }; }' },
        'globalThis.__gate ??= new Promise((resolve) => { globalThis.__openGate = resolve; });',
      ),
    });
    const { provider, bus } = await startFakeProvider([r.dir], { max_concurrency_per_toolbox: 1000, max_concurrency: 1000 });
    try {
      const answers = new Map<string, unknown[]>();
      bus.on('ovos.tools.invoke.response', (m) => {
        const id = m.context.request_id as string;
        answers.set(id, [...(answers.get(id) ?? []), m.data.result]);
      });
      const pending = Array.from({ length: 500 }, (_, a) => bus.waitForResponse(new Message('ovos.tools.invoke', { name: 'double', args: { a } }), undefined, 20_000));
      const oldGeneration = provider.registry;
      expect(oldGeneration.inflightCount).toBe(500);
      r.addPackage('late-tools', toolboxEntry('late'), { 'index.js': toolboxSource('late', { late: '() => ({ result: "late" })' }) });
      const reloads = await Promise.all([provider.reload(), provider.reload()]);
      expect(reloads[1]!.loaded).toEqual(['gate', 'late']);
      expect(provider.registry).not.toBe(oldGeneration);
      (globalThis as unknown as { __openGate: () => void }).__openGate();
      const replies = await Promise.all(pending);
      replies.forEach((reply, a) => expect(reply!.data.result).toEqual({ result: a * 2 }));
      await new Promise((res) => setTimeout(res, 50));
      expect(answers.size).toBe(500);
      for (const list of answers.values()) expect(list).toHaveLength(1);
      expect(oldGeneration.inflightCount).toBe(0);
    } finally {
      await provider.close();
    }
  });
});
