import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { pnpmRootImporter, readInstallRecords } from './installRecords.js';
import { scanPluginRoots } from './scanPluginRoots.js';

// Discovery declares only packages a package manager installed (an install record names them) and, with
// allowed_packages, only listed ones. Real directories in a temp plugin root; nothing is imported here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'ovos-discovery-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function plant(name: string, version = '1.0.0', entry = name.replace(/^@.*\//, '')): void {
  const dir = path.join(root, 'node_modules', ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version, type: 'module', entryPoints: { 'opm.agents.toolbox': { [entry]: './index.js#T' } } }));
  writeFileSync(path.join(dir, 'index.js'), 'export class T {}');
}
const writeJson = (rel: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), JSON.stringify(value));
};

describe('install records', () => {
  test('a package written into node_modules without any install record is a problem, not a declaration', async () => {
    plant('evil-tools');
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations).toEqual([]);
    expect(scan.problems).toHaveLength(1);
    expect(scan.problems[0]!.message).toMatch(/^not installed by npm: evil-tools has no install record in .*; install it with 'npm install --prefix /);
  });

  test("npm's hidden lockfile (node_modules/.package-lock.json) records installs, scoped ones included", async () => {
    plant('good-tools');
    plant('@acme/scoped-tools');
    plant('planted-tools');
    writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages: { '': {}, 'node_modules/good-tools': { version: '1.0.0' }, 'node_modules/@acme/scoped-tools': { version: '1.0.0' }, 'node_modules/good-tools/node_modules/planted-tools': { version: '1.0.0' } } });
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations.map((d) => d.packageName)).toEqual(['@acme/scoped-tools', 'good-tools']);
    expect(scan.problems.map((p) => p.packageName)).toEqual(['planted-tools']);
  });

  test('the root package-lock.json (v3 packages, v1 dependencies) records installs', async () => {
    plant('v3-tools');
    writeJson('package-lock.json', { lockfileVersion: 3, packages: { 'node_modules/v3-tools': { version: '1.0.0' } } });
    expect((await scanPluginRoots([root])).declarations.map((d) => d.packageName)).toEqual(['v3-tools']);
    rmSync(path.join(root, 'package-lock.json'));
    writeJson('package-lock.json', { lockfileVersion: 1, dependencies: { 'v3-tools': { version: '1.0.0' } } });
    expect((await scanPluginRoots([root])).declarations.map((d) => d.packageName)).toEqual(['v3-tools']);
  });

  test('a package whose version differs from its record (files replaced after install) is refused', async () => {
    plant('swapped-tools', '9.9.9');
    writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages: { 'node_modules/swapped-tools': { version: '1.0.0' } } });
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations).toEqual([]);
    expect(scan.problems[0]!.message).toBe(`not installed by npm: swapped-tools@9.9.9 does not match the installed 1.0.0 recorded in ${root}; reinstall it with npm`);
  });

  test('pnpm: .modules.yaml plus the root importer of node_modules/.pnpm/lock.yaml', async () => {
    plant('@ovos-tools/toolbox-x');
    plant('pnpm-dev-tools');
    plant('not-a-dependency');
    writeFileSync(path.join(root, 'node_modules', '.modules.yaml'), 'layoutVersion: 5\n');
    mkdirSync(path.join(root, 'node_modules', '.pnpm'));
    writeFileSync(
      path.join(root, 'node_modules', '.pnpm', 'lock.yaml'),
      "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      '@ovos-tools/toolbox-x':\n        specifier: workspace:*\n        version: link:packages/x\n    devDependencies:\n      pnpm-dev-tools:\n        specifier: 1.0.0\n        version: 1.0.0\n\n  packages/other:\n    dependencies:\n      not-a-dependency:\n        specifier: 1.0.0\n        version: 1.0.0\n\npackages:\n\n  not-a-dependency@1.0.0:\n    resolution: {integrity: sha512-x}\n",
    );
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations.map((d) => d.packageName)).toEqual(['@ovos-tools/toolbox-x', 'pnpm-dev-tools']);
    expect(scan.problems.map((p) => p.packageName)).toEqual(['not-a-dependency']);
  });

  test('a pnpm lockfile without .modules.yaml is not a record (pnpm did not install node_modules)', async () => {
    plant('lock-only-tools');
    writeFileSync(path.join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      lock-only-tools:\n        specifier: 1.0.0\n        version: 1.0.0\n");
    expect((await scanPluginRoots([root])).declarations).toEqual([]);
  });

  test('single-project pnpm lockfiles (top-level dependencies) are read too', () => {
    expect([...pnpmRootImporter("lockfileVersion: '6.0'\ndependencies:\n  a-tools:\n    specifier: ^1\n    version: 1.0.0\npackages:\n  /b@1.0.0:\n    dev: false\n").keys()]).toEqual(['a-tools']);
  });

  test('the monorepo root (a real pnpm workspace install) records the six bundled toolboxes', async () => {
    const records = await readInstallRecords(repoRoot);
    for (const name of ['clock', 'filesystem', 'math', 'shell', 'skill-md', 'web']) expect(records.has(`@ovos-tools/toolbox-${name}`)).toBe(true);
    const scan = await scanPluginRoots([repoRoot]);
    expect(scan.problems).toEqual([]);
    expect(scan.declarations).toHaveLength(6);
  });
});

describe('allowed_packages', () => {
  test('only listed packages are declared; the others are reported by name', async () => {
    plant('good-tools');
    plant('other-tools');
    writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages: { 'node_modules/good-tools': { version: '1.0.0' }, 'node_modules/other-tools': { version: '1.0.0' } } });
    const scan = await scanPluginRoots([root], { allowedPackages: ['good-tools'] });
    expect(scan.declarations.map((d) => d.packageName)).toEqual(['good-tools']);
    expect(scan.problems.map((p) => p.message)).toEqual(['not in allowed_packages: other-tools (add it to allowed_packages in the provider config to load it)']);
    expect((await scanPluginRoots([root], { allowedPackages: [] })).declarations).toEqual([]);
  });
});
