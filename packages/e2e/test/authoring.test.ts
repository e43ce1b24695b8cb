import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOLBOX_CONTRACT_VERSION } from '@ovos-tools/core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cliPath } from '../../provider/test/helpers/serve.js';
import { coreDir, installedVersion, nextCoreVersionOrThrow, npmInstall, packCoreAt, packCoreDependencies, packDir } from './helpers/packages.js';
import { answerTo, RawOvosClient, repoRoot, startServe } from './helpers/system.js';

// A toolbox author's path and a release manager's: the next core release (packed at the version changesets would
// give it) installs beside the unchanged example toolbox; `npm create ovos-toolbox` projects in both languages pass
// their own tests, pack, install into a running provider's plugin root with real `npm install`, reload and answer.
const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-authoring-'));
const cleanups: Array<() => unknown> = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let coreVersion: string;
let coreTarball: string;
let dependencyTarballs: string[];
beforeAll(() => {
  coreVersion = nextCoreVersionOrThrow(work);
  coreTarball = packCoreAt(coreVersion, work);
  dependencyTarballs = packCoreDependencies(work);
}, 120_000);

test("the next core release keeps core's major equal to the toolbox contract", () => {
  expect(Number(coreVersion.split('.')[0])).toBe(TOOLBOX_CONTRACT_VERSION);
});

test('the next core release installs beside the unchanged examples/hello-toolbox without ERESOLVE', () => {
  const hello = packDir(path.join(repoRoot, 'examples', 'hello-toolbox'), work);
  const root = path.join(work, 'hello-root');
  npmInstall(root, [...dependencyTarballs, coreTarball, hello]);
  expect(installedVersion(root, '@ovos-tools/core')).toBe(coreVersion);
  expect(installedVersion(root, 'ovos-hello-tools')).toBe('1.0.0');
});

/** Links what `npm install` would fetch for a scaffolded project's tests: core (the workspace build), typescript, @types/node. */
function linkDevDependencies(dir: string): void {
  const nm = path.join(dir, 'node_modules');
  mkdirSync(path.join(nm, '@ovos-tools'), { recursive: true });
  mkdirSync(path.join(nm, '@types'), { recursive: true });
  mkdirSync(path.join(nm, '.bin'), { recursive: true });
  symlinkSync(coreDir, path.join(nm, '@ovos-tools', 'core'), 'dir');
  symlinkSync(realpathSync(path.join(repoRoot, 'node_modules', 'typescript')), path.join(nm, 'typescript'), 'dir');
  symlinkSync(realpathSync(path.join(repoRoot, 'node_modules', '@types', 'node')), path.join(nm, '@types', 'node'), 'dir');
  symlinkSync(path.join('..', 'typescript', 'bin', 'tsc'), path.join(nm, '.bin', 'tsc'));
}

test('scaffolded toolboxes in TypeScript and JavaScript pass their tests and `ovos-tools check`, install into a running provider and answer', async () => {
  const createBin = path.join(repoRoot, 'packages', 'create-ovos-toolbox', 'bin', 'create-ovos-toolbox.js');
  const projects = [
    { dir: 'ts-tools', id: 'ovos-scaffold-ts-tools', tool: 'scaffold_ts_greet', flags: [] as string[] },
    { dir: 'js-tools', id: 'ovos-scaffold-js-tools', tool: 'scaffold_js_greet', flags: ['--js'] },
  ];
  const tarballs: string[] = [];
  for (const p of projects) {
    execFileSync(process.execPath, [createBin, p.dir, '--yes', '--id', p.id, ...p.flags], { cwd: work, stdio: 'pipe' });
    const dir = path.join(work, p.dir);
    linkDevDependencies(dir);
    const t = spawnSync('npm', ['test'], { cwd: dir, encoding: 'utf8' });
    // node --test's summary: `# pass 4` (TAP, Node 20 and 22 without a terminal) or `ℹ pass 4` (spec, Node 24 on)
    expect(t.stdout + t.stderr).toMatch(/^[#ℹ] pass 4\n[#ℹ] fail 0$/m);
    expect(t.status).toBe(0);
    const check = spawnSync(process.execPath, [cliPath, 'check', dir, '--examples'], { encoding: 'utf8' });
    expect(check.stdout).toMatch(/check passed\n$/);
    expect(check.status).toBe(0);
    tarballs.push(packDir(dir, work));
  }

  const root = path.join(work, 'plugin-root');
  mkdirSync(root);
  const serve = await startServe(['--plugins', root, '--embedded-bus', 'always']);
  cleanups.push(() => serve.stop());
  const client = await RawOvosClient.connect(serve.url);
  cleanups.push(() => client.close());
  npmInstall(root, [...dependencyTarballs, coreTarball, ...tarballs]);
  const reload = await client.request('ovos.tools.reload', {}, 30_000);
  expect(reload.data).toMatchObject({ loaded: expect.arrayContaining(projects.map((p) => p.id)), problems: [] });
  for (const p of projects) {
    client.send('ovos.tools.invoke', { name: p.tool, args: { name: 'Ada', times: '2' } }, { request_id: p.tool });
    expect((await answerTo(client, p.tool)).data).toMatchObject({ name: p.tool, result: { message: 'Hello, Ada! Hello, Ada!' }, toolbox_id: p.id });
  }
}, 600_000);
