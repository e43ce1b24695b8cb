import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './helpers/release.js';

/**
 * Every published package and every package it depends on at run time (`dependencies`, `optionalDependencies` and
 * `peerDependencies` that are installed, followed through the whole tree as Node resolves it from the workspace's
 * `node_modules`) accepts the Node running this test in its `engines.node`: what npm's EBADENGINE checks at install.
 * `scripts/test-node-lines.mjs` runs this file on every supported Node line, so a dependency that drops a line (or
 * one of ours whose range misses a new one) fails here, on that line, for the versions the lockfile resolves (the
 * registry flow checks the same at an install of the newest versions, on the machine's Node).
 */
type Manifest = { name: string; version: string; engines?: { node?: string }; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };

/** The folder of `name` as Node's resolution finds it from `fromDir` (the nearest `node_modules/<name>` upwards), or undefined. */
function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(path.dirname(candidate));
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** `name@version: engines.node "<range>"` for every package in the run-time tree of `roots` that refuses `version`. */
function refusals(roots: readonly string[], version: string): { checked: number; refused: string[] } {
  const seen = new Set<string>();
  const refused: string[] = [];
  const queue = [...roots];
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
    const range = pkg.engines?.node;
    if (range && !semver.satisfies(version, range, { includePrerelease: true })) refused.push(`${pkg.name}@${pkg.version}: engines.node "${range}"`);
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })) {
      const found = resolvePackageDir(name, dir);
      if (found) queue.push(found);
      else if (pkg.dependencies?.[name]) refused.push(`${pkg.name}@${pkg.version}: its dependency ${name} is not installed`);
    }
  }
  return { checked: seen.size, refused };
}

describe('engines on this Node line', () => {
  const published = workspacePackages().filter((p) => p.dir.includes(`${path.sep}packages${path.sep}`) && !p.pkg.private);

  it(`every published package and its run-time dependency tree accept Node ${process.versions.node}`, () => {
    expect(published.length).toBeGreaterThanOrEqual(10);
    const { checked, refused } = refusals(published.map((p) => realpathSync(p.dir)), process.versions.node);
    expect(checked).toBeGreaterThan(50);
    expect(refused).toEqual([]);
  });

  it('names each package whose engines refuse the version', () => {
    const provider = published.find((p) => p.pkg.name === '@ovos-tools/provider')!;
    const { refused } = refusals([realpathSync(provider.dir)], '0.1.0');
    expect(refused).toContain(`@ovos-tools/provider@${provider.pkg.version}: engines.node "${(provider.pkg as Manifest).engines!.node}"`);
    expect(refused.length).toBeGreaterThan(1);
  });
});
