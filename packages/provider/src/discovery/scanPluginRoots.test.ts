import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installSettled, pnpmRootImporter, readInstallRecords } from './installRecords.js';
import { scanPluginRoots } from './scanPluginRoots.js';

// Discovery declares only packages a package manager installed (an install record names them) and, with
// allowed_packages, only listed ones. Real directories in a temp plugin root; nothing is imported here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'ovos-discovery-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function plant(name: string, version = '1.0.0', entry = name.replace(/^@.*\//, ''), extra: Record<string, unknown> = {}): string {
  const dir = path.join(root, 'node_modules', ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version, type: 'module', entryPoints: { 'opm.agents.toolbox': { [entry]: './index.js#T' } }, ...extra }));
  writeFileSync(path.join(dir, 'index.js'), 'export class T {}');
  return dir;
}
/** Sets the modification time of `rel` (under the root) to `secondsAgo` seconds before now. */
const age = (rel: string, secondsAgo: number) => {
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(path.join(root, rel), t, t);
};
const writeJson = (rel: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), JSON.stringify(value));
};

test('a package declaring ovos-tools.search-rankers is found from package.json alone, in its group', async () => {
  const dir = plant('@ovos-tools/search-semantic', '0.1.0', 'x', { entryPoints: { 'ovos-tools.search-rankers': { 'ovos-search-semantic': './index.js#searchRanker' } } });
  writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages: { 'node_modules/@ovos-tools/search-semantic': { version: '0.1.0' } } });
  const scan = await scanPluginRoots([root]);
  expect(scan.problems).toEqual([]);
  expect(scan.declarations).toMatchObject([{ entryPointName: 'ovos-search-semantic', group: 'ovos-tools.search-rankers', exportName: 'searchRanker', modulePath: path.join(dir, 'index.js') }]);
});

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

describe('installs in progress', () => {
  const lock = (packages: Record<string, unknown>) => writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages });

  test('a package folder newer than the install record may still be written by npm (it writes the record last): refused, marked installing', async () => {
    lock({ 'node_modules/old-tools': { version: '1.0.0' } });
    plant('old-tools');
    age('node_modules/.package-lock.json', 60);
    plant('new-tools', '2.0.0'); // npm has extracted it; its record is not written yet
    age('node_modules/old-tools', 120);
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations.map((d) => d.packageName)).toEqual(['old-tools']);
    expect(scan.problems).toEqual([
      expect.objectContaining({
        packageName: 'new-tools',
        installing: true,
        message: expect.stringMatching(/^not installed by npm: new-tools has no install record in .* \(it changed after npm last wrote .*\.package-lock\.json, so if npm is still installing it, it loads on the first reload after npm finishes; /),
      }),
    ]);
    lock({ 'node_modules/old-tools': { version: '1.0.0' }, 'node_modules/new-tools': { version: '2.0.0' } }); // npm finishes
    expect((await scanPluginRoots([root])).declarations.map((d) => d.packageName)).toEqual(['new-tools', 'old-tools']);
  });

  test('a recorded package whose folder changed after the record (rewritten in place) is being installed, not loaded', async () => {
    plant('same-tools');
    lock({ 'node_modules/same-tools': { version: '1.0.0' } });
    age('node_modules/.package-lock.json', 60);
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations).toEqual([]);
    expect(scan.problems).toEqual([expect.objectContaining({ installing: true, message: expect.stringMatching(/^being installed: same-tools in .*: it changed after npm last wrote /) })]);
  });

  test('installSettled: the record must be at least as new as every touched path; a removed path counts by its folder', async () => {
    const pkg = plant('some-tools');
    expect(await installSettled(root, [pkg])).toBe(false); // no record at all
    lock({ 'node_modules/some-tools': { version: '1.0.0' } });
    expect(await installSettled(root, [pkg, path.join(pkg, 'package.json'), path.join(root, 'node_modules')])).toBe(true);
    age('node_modules/.package-lock.json', 30);
    expect(await installSettled(root, [pkg])).toBe(false);
    rmSync(pkg, { recursive: true }); // an uninstall removed the folder: node_modules changed now, after the record
    expect(await installSettled(root, [pkg])).toBe(false);
    lock({});
    expect(await installSettled(root, [pkg])).toBe(true);
  });
});

describe("the core a toolbox's peer range asks for", () => {
  const plantCore = (version: string) => writeJson('node_modules/@ovos-tools/core/package.json', { name: '@ovos-tools/core', version });
  const record = () => writeJson('node_modules/.package-lock.json', { lockfileVersion: 3, packages: { 'node_modules/peer-tools': { version: '1.0.0' }, 'node_modules/@ovos-tools/core': {} } });

  test('a peer range that excludes the installed core is a problem naming the range it needs', async () => {
    plantCore('1.4.0');
    plant('peer-tools', '1.0.0', 'peer-tools', { peerDependencies: { '@ovos-tools/core': '^2.0.0' } });
    record();
    const scan = await scanPluginRoots([root]);
    expect(scan.declarations).toEqual([]);
    expect(scan.problems.map((p) => p.message)).toEqual([
      `peer-tools@1.0.0 needs @ovos-tools/core ^2.0.0 (its peer dependency), but it would import 1.4.0 (${path.join(root, 'node_modules', '@ovos-tools', 'core')}); install a version of peer-tools made for @ovos-tools/core 1.x`,
    ]);
  });

  test('no core to import is a problem saying how to install one; a range that holds (prereleases included) loads', async () => {
    plant('peer-tools', '1.0.0', 'peer-tools', { peerDependencies: { '@ovos-tools/core': '^1.2.0' } });
    record();
    expect((await scanPluginRoots([root])).problems.map((p) => p.message)).toEqual([
      `peer-tools@1.0.0 needs @ovos-tools/core ^1.2.0 (its peer dependency), but none is installed where it can import it; install it beside it: npm install --prefix ${root} "@ovos-tools/core@^1.2.0"`,
    ]);
    plantCore('1.3.0-next.1');
    record();
    expect((await scanPluginRoots([root])).declarations.map((d) => d.packageName)).toEqual(['peer-tools']);
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
