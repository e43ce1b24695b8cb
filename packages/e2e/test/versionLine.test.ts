import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packReleaseSet, rangeProblems, strictInstall, workspacePackages, type WorkspacePackage } from './helpers/release.js';

/**
 * Issue 25: whatever the tree holds is publishable as it stands. Every workspace package's version satisfies every
 * range on it in the tree (examples included), and the tarballs a release would publish (`pnpm pack`, which
 * rewrites `workspace:` ranges) carry no `workspace:` range; a tarball with a broken peer range fails npm's strict
 * install. That the published packages install strictly (a deployment's split set, every package's install block)
 * is registry.test.ts's, from a local registry. docs/versioning.md describes the release this mirrors.
 */
let work: string;
let tarballs: Map<string, string>;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-release-'));
  tarballs = packReleaseSet(path.join(work, 'tarballs'));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tgz = (...names: string[]) => names.map((n) => tarballs.get(n) ?? `(no tarball for ${n})`);

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
