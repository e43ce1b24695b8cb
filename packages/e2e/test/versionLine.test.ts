import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packReleaseSet, rangeProblems, strictInstall, workspacePackages, type WorkspacePackage } from './helpers/release.js';

/**
 * Issue 25: whatever the tree holds is publishable as it stands. Every workspace package's version satisfies every
 * range on it in the tree (examples included), and the tarballs a release would publish (`pnpm pack`, which
 * rewrites `workspace:` ranges) install with npm's strict peer resolution in a fresh folder — a deployment's
 * split set (the provider and two toolboxes, no other) and every other toolbox beside core alone. A tree with a
 * broken range fails both checks. docs/versioning.md describes the release this mirrors.
 */
let work: string;
let tarballs: Map<string, string>;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-release-'));
  tarballs = packReleaseSet(path.join(work, 'tarballs'));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tgz = (...names: string[]) => names.map((n) => tarballs.get(n) ?? `(no tarball for ${n})`);

/** The lines of npm's output that are warnings or errors about resolution or engines. */
const complaints = (output: string) => output.split('\n').filter((l) => /ERESOLVE|EBADENGINE|peer dep|overriding peer/i.test(l));

describe('the version line', () => {
  it('every workspace version satisfies every range on it in the tree', () => {
    expect(rangeProblems(workspacePackages())).toEqual([]);
  });

  it('the range check names a range that excludes the tree version', () => {
    const tree: WorkspacePackage[] = [
      { dir: 'core', pkg: { name: '@ovos-tools/core', version: '0.1.0' } },
      { dir: 'clock', pkg: { name: '@ovos-tools/toolbox-clock', version: '1.0.0', peerDependencies: { '@ovos-tools/core': '^1.0.0' }, devDependencies: { '@ovos-tools/core': 'workspace:^' } } },
      { dir: 'provider', pkg: { name: '@ovos-tools/provider', version: '1.0.0', dependencies: { '@ovos-tools/core': 'workspace:~0.2.0' } } },
    ];
    expect(rangeProblems(tree)).toEqual([
      '@ovos-tools/toolbox-clock peerDependencies["@ovos-tools/core"] "^1.0.0" excludes the tree\'s 0.1.0',
      '@ovos-tools/provider dependencies["@ovos-tools/core"] "~0.2.0" excludes the tree\'s 0.1.0',
    ]);
  });

  it('pnpm pack rewrote every workspace: range of the release set', () => {
    for (const [name, file] of tarballs) {
      const pkg = execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' });
      expect(pkg, `${name} still carries a workspace: range`).not.toContain('workspace:');
    }
  });

  it('a deployment set (provider, clock, math) and every other toolbox beside core install strictly, without warnings', async () => {
    const others = [...tarballs.keys()].filter((n) => /toolbox-(?!clock|math)/.test(n));
    expect(others.length).toBeGreaterThanOrEqual(5);
    const [deployment, rest] = await Promise.all([
      strictInstall(path.join(work, 'deployment'), tgz('@ovos-tools/core', '@ovos-tools/messagebus', '@ovos-tools/provider', '@ovos-tools/toolbox-clock', '@ovos-tools/toolbox-math')),
      strictInstall(path.join(work, 'toolboxes'), tgz('@ovos-tools/core', ...others)),
    ]);
    expect(deployment.ok, deployment.output).toBe(true);
    expect(rest.ok, rest.output).toBe(true);
    expect(complaints(deployment.output)).toEqual([]);
    expect(complaints(rest.output)).toEqual([]);
    const installed = (root: string, name: string) => JSON.parse(readFileSync(path.join(work, root, 'node_modules', ...name.split('/'), 'package.json'), 'utf8')).version;
    const treeVersion = (name: string) => workspacePackages().find((p) => p.pkg.name === name)!.pkg.version;
    for (const name of ['@ovos-tools/core', '@ovos-tools/provider', '@ovos-tools/toolbox-clock', '@ovos-tools/toolbox-math']) expect(installed('deployment', name)).toBe(treeVersion(name));
    expect(() => installed('deployment', '@ovos-tools/toolbox-web')).toThrow(); // split: only what was asked for
  });

  it('a tarball whose peer range excludes the packed core fails the strict install with ERESOLVE, naming the range', async () => {
    // what a commit that breaks a range would publish: toolbox-clock peer-depending on a core the tree does not have
    const staging = path.join(work, 'broken');
    mkdirSync(staging, { recursive: true });
    execFileSync('tar', ['-xzf', tarballs.get('@ovos-tools/toolbox-clock')!, '-C', staging]);
    const file = path.join(staging, 'package', 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    pkg.peerDependencies['@ovos-tools/core'] = '^2.0.0';
    writeFileSync(file, JSON.stringify(pkg, null, 2));
    const broken = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', staging, '--loglevel=error'], { cwd: path.join(staging, 'package'), encoding: 'utf8' });
    const brokenTgz = path.join(staging, (JSON.parse(broken) as Array<{ filename: string }>)[0]!.filename);
    const r = await strictInstall(path.join(work, 'broken-install'), [...tgz('@ovos-tools/core'), brokenTgz]);
    expect(r.ok).toBe(false);
    expect(r.output).toContain('ERESOLVE');
    expect(r.output).toContain('peer @ovos-tools/core@"^2.0.0" from @ovos-tools/toolbox-clock@');
  });
});
