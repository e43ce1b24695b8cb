import { cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { makePluginRoot, providerDir, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

const roots: PluginRoot[] = [];
const fresh = () => {
  const r = makePluginRoot();
  roots.push(r);
  r.addPackage('good-tools', toolboxEntry('good'), { 'index.js': toolboxSource('good', { ping: '() => ({ result: "pong" })' }) });
  return r;
};
afterEach(() => {
  for (const r of roots.splice(0)) r.cleanup();
});

describe('one broken toolbox never takes the provider down', () => {
  const broken: Array<[string, Record<string, unknown>, Record<string, string>, RegExp]> = [
    ['throws on import', toolboxEntry('bad'), { 'index.js': 'throw new Error("import exploded");' }, /failed to import: Error: import exploded/],
    ['has a syntax error', toolboxEntry('bad'), { 'index.js': 'export class {' }, /failed to import: SyntaxError/],
    ['misses its module file', toolboxEntry('bad', './missing.js#X'), {}, /failed to import/],
    ['lacks the export', toolboxEntry('bad', './index.js#Nope'), { 'index.js': 'export const Other = 1;' }, /failed to export its class: .*has no export "Nope" \(exports: Other\)/],
    ['exports a plain class', toolboxEntry('bad'), { 'index.js': 'export class Toolbox { discoverTools() { return []; } }' }, /does not extend ToolBox from @ovos-tools\/core/],
    ['exports a non-class', toolboxEntry('bad'), { 'index.js': 'export const Toolbox = 42;' }, /expected a ToolBox class, received number/],
    [
      'throws on construction',
      toolboxEntry('bad'),
      { 'index.js': toolboxSource('bad', {}, '').replace('discoverTools()', 'constructor(o) { super(o); throw new Error("no config"); }\n  discoverTools()') },
      /failed to construct: Error: no config/,
    ],
    ['has no toolbox id', toolboxEntry('bad'), { 'index.js': toolboxSource('', {}) }, /failed to construct: .*must define a class-level toolbox_id/],
    [
      'throws on discovery',
      toolboxEntry('bad'),
      { 'index.js': toolboxSource('bad', {}).replace('discoverTools() {', 'discoverTools() { throw new Error("discovery broke");') },
      /failed to discover its tools: Error: discovery broke/,
    ],
    [
      'returns a malformed tool',
      toolboxEntry('bad'),
      { 'index.js': toolboxSource('bad', {}).replace('return [', 'return [{ name: "ok_tool", description: "x", argumentSchema: {}, outputSchema: {}, toolCall() {} }, { name: 3 }, ') },
      /discoverTools\(\)\[1\]\.name: expected string, received number/,
    ],
  ];

  test.each(broken)('a toolbox that %s is reported and skipped; the rest load and serve', async (_what, pkg, files, message) => {
    const r = fresh();
    r.addPackage('bad-tools', pkg, files);
    const { provider, report, ask } = await startFakeProvider([r.dir]);
    try {
      expect(report.loaded).toEqual(['good']);
      expect(report.problems).toHaveLength(1);
      expect(report.problems[0]!.entryPoint).toBe('bad');
      expect(report.problems[0]!.error).toMatch(message);
      expect(await ask('ovos.tools.invoke', { name: 'ping', args: {} })).toMatchObject({ result: { result: 'pong' } });
      const reload = await ask('ovos.tools.reload');
      expect((reload.problems as { entry_point: string }[])[0]!.entry_point).toBe('bad');
    } finally {
      await provider.close();
    }
  });

  test('an import that never settles is abandoned after import_timeout_ms', async () => {
    const r = fresh();
    r.addPackage('hang-tools', toolboxEntry('hang'), { 'index.js': 'await new Promise(() => {});\nexport class Toolbox {}' });
    // 3 s, not less: the limit binds the good toolbox's import too, and 300 ms ran out for it on a loaded CI machine
    const { provider, report } = await startFakeProvider([r.dir], { import_timeout_ms: 3000 });
    try {
      expect(report.loaded).toEqual(['good']);
      expect(report.problems[0]!.error).toMatch(/failed to import: Error: import did not finish within 3000 ms/);
    } finally {
      await provider.close();
    }
  });

  test('malformed entry-point declarations are reported and skipped', async () => {
    const r = fresh();
    r.addPackage('decl-a', { entryPoints: { 'opm.agents.toolbox': ['./index.js'] } });
    r.addPackage('decl-b', { entryPoints: { 'opm.agents.toolbox': { 'x y': './index.js#A', up: './../other/index.js#A', abs: '/etc/passwd#A', num: 5 } } });
    r.addPackage('decl-c', {}, {});
    writeFileSync(path.join(r.dir, 'node_modules', 'decl-c', 'package.json'), '{ "entryPoints": { "opm.agents.toolbox": ');
    const { provider, report } = await startFakeProvider([r.dir]);
    try {
      expect(report.loaded).toEqual(['good']);
      const errors = report.problems.map((p) => p.error).join('\n');
      expect(errors).toContain('expected an object of "<name>": "./module.js#Export", received array');
      expect(errors).toContain('invalid entry-point name');
      expect(errors).toContain('must stay inside the package');
      expect(errors).toContain('must be relative to the package root');
      expect(errors).toContain('expected a string "./module.js#Export", received number');
      expect(errors).toContain('package.json is not valid JSON');
    } finally {
      await provider.close();
    }
  });
});

describe('discovery', () => {
  test('scoped packages, several roots, first declaration of a name wins', async () => {
    const r1 = fresh();
    const r2 = makePluginRoot();
    roots.push(r2);
    r1.addPackage('@acme/weather-tools', toolboxEntry('acme-weather'), { 'index.js': toolboxSource('acme-weather', { forecast: '() => ({ result: "sunny" })' }) });
    r2.addPackage('other-good', toolboxEntry('good'), { 'index.js': toolboxSource('good', { ping: '() => ({ result: "from r2" })' }) });
    r2.addPackage('extra-tools', toolboxEntry('extra'), { 'index.js': toolboxSource('extra', { more: '() => ({ result: 2 })' }) });
    const { provider, report, ask } = await startFakeProvider([r1.dir, r2.dir]);
    try {
      expect(report.loaded).toEqual(['acme-weather', 'good', 'extra']);
      expect(report.problems.map((p) => p.error).join()).toContain('entry point "good" is also declared by good-tools');
      expect(await ask('ovos.tools.invoke', { name: 'ping', args: {} })).toMatchObject({ result: { result: 'pong' } });
      expect(await ask('ovos.tools.invoke', { name: 'forecast', args: {} })).toMatchObject({ result: { result: 'sunny' }, toolbox_id: 'acme-weather' });
    } finally {
      await provider.close();
    }
  });

  test('disabled_toolboxes are never loaded; each toolbox gets its own config section', async () => {
    const r = fresh();
    r.addPackage('cfg-tools', toolboxEntry('cfg-tools'), {
      'index.js': toolboxSource('cfg-tools', { show: '(_args, ctx) => ({ result: ctx.config })' }),
    });
    const { provider, report, ask } = await startFakeProvider([r.dir], { disabled_toolboxes: ['good'], 'cfg-tools': { greeting: 'hi' }, good: { x: 1 } });
    try {
      expect(report.loaded).toEqual(['cfg-tools']);
      expect(await ask('ovos.tools.invoke', { name: 'show', args: {} })).toMatchObject({ result: { result: { greeting: 'hi' } } });
    } finally {
      await provider.close();
    }
  });
});

describe('toolboxes carrying their own copy of @ovos-tools/core', () => {
  /** Installs a private copy of core (dist + package.json) inside the package, with typebox linked beside it. */
  function withOwnCore(r: PluginRoot, name: string, contract: number): void {
    const pkgDir = r.addPackage(name, toolboxEntry(name), { 'index.js': toolboxSource(name, { [`${name.replace(/-/g, '_')}_hello`]: '() => ({ result: "own core" })' }) });
    const coreSrc = path.resolve(providerDir, '..', 'core');
    const coreCopy = path.join(pkgDir, 'node_modules', '@ovos-tools', 'core');
    mkdirSync(coreCopy, { recursive: true });
    cpSync(path.join(coreSrc, 'dist'), path.join(coreCopy, 'dist'), { recursive: true });
    cpSync(path.join(coreSrc, 'package.json'), path.join(coreCopy, 'package.json'));
    // core's dist is a bundle (its shared code in dist/chunks/): set this copy's contract version where it is defined
    const files = readdirSync(path.join(coreCopy, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const defining = files.map((f) => path.join(coreCopy, 'dist', f)).filter((f) => /\bTOOLBOX_CONTRACT_VERSION = \d+;/.test(readFileSync(f, 'utf8')));
    if (defining.length !== 1) throw new Error(`TOOLBOX_CONTRACT_VERSION is defined in ${defining.length} files of core's dist, expected 1`);
    writeFileSync(defining[0]!, readFileSync(defining[0]!, 'utf8').replace(/\bTOOLBOX_CONTRACT_VERSION = \d+;/, `TOOLBOX_CONTRACT_VERSION = ${contract};`));
    mkdirSync(path.join(coreCopy, 'node_modules'), { recursive: true });
    symlinkSync(realpathSync(path.join(coreSrc, 'node_modules', 'typebox')), path.join(coreCopy, 'node_modules', 'typebox'));
    // npm writes its install record last: a record older than the copy reads as an install still in progress
    r.recordInstall(name, '1.0.0');
  }

  test('a compatible copy is recognised by its brand (no instanceof) and serves', async () => {
    const r = fresh();
    withOwnCore(r, 'own-core', 1);
    const { provider, report, ask } = await startFakeProvider([r.dir]);
    try {
      expect(report.loaded).toEqual(['good', 'own-core']);
      expect(await ask('ovos.tools.invoke', { name: 'own_core_hello', args: { a: '2' } })).toMatchObject({ result: { result: 'own core' } });
      expect((await ask('ovos.tools.invoke', { name: 'own_core_hello', args: { a: 2.5 } })).error).toMatch(/^ValueError: Tool input validation failed/);
    } finally {
      await provider.close();
    }
  });

  test('an incompatible contract major is refused with a clear message', async () => {
    const r = fresh();
    withOwnCore(r, 'future-core', 2);
    const { provider, report } = await startFakeProvider([r.dir]);
    try {
      expect(report.loaded).toEqual(['good']);
      expect(report.problems[0]!.error).toMatch(/targets toolbox contract 2, but this host supports contract 1/);
    } finally {
      await provider.close();
    }
  });
});

describe('host sources (ovos-tools.hosts)', () => {
  const source = `import { HOST_SOURCE_BRAND } from '@ovos-tools/core';
export const hosts = { [HOST_SOURCE_BRAND]: 1, async createHosts() { globalThis.__hostSourceRan = true; return { hosts: [], problems: [] }; } };`;

  test('a third-party package may not declare one (it would run in the provider thread) unless its entry point is pinned', async () => {
    const r = fresh();
    r.addPackage('sneaky-hosts', { entryPoints: { 'ovos-tools.hosts': { sneaky: './index.js#hosts' } } }, { 'index.js': source });
    const g = globalThis as { __hostSourceRan?: boolean };
    delete g.__hostSourceRan;
    const refused = await startFakeProvider([r.dir]);
    try {
      expect(refused.report.loaded).toEqual(['good']);
      expect(refused.report.problems).toEqual([expect.objectContaining({ entryPoint: 'sneaky', error: expect.stringMatching(/only @ovos-tools packages and entry points listed in pinned_toolboxes may declare one/) })]);
      expect(g.__hostSourceRan).toBeUndefined();
    } finally {
      await refused.provider.close();
    }
    const pinned = await startFakeProvider([r.dir], { pinned_toolboxes: ['sneaky'] });
    try {
      expect(pinned.report.problems).toEqual([]);
      expect(g.__hostSourceRan).toBe(true);
    } finally {
      await pinned.provider.close();
    }
  });

  test('an export that is not a host source of this contract is a contract problem naming what is wrong', async () => {
    const r = fresh();
    const exports = `export const unbranded = { async createHosts() { return { hosts: [], problems: [] }; } };
export const future = { [Symbol.for('ovos-tools.host-source')]: 2, async createHosts() { return { hosts: [], problems: [] }; } };`;
    r.addPackage('odd-hosts', { entryPoints: { 'ovos-tools.hosts': { unbranded: './index.js#unbranded', future: './index.js#future' } } }, { 'index.js': exports });
    const { provider, report } = await startFakeProvider([r.dir], { pinned_toolboxes: ['unbranded', 'future'] });
    try {
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ entryPoint: 'unbranded', error: expect.stringContaining('the export is not a host source (no Symbol.for("ovos-tools.host-source") brand)') }),
          expect.objectContaining({ entryPoint: 'future', error: expect.stringContaining('targets host-source contract 2, this provider supports 1') }),
        ]),
      );
      expect(report.problems).toHaveLength(2);
    } finally {
      await provider.close();
    }
  });
});
