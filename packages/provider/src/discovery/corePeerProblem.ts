import { readFile } from 'node:fs/promises';
import path from 'node:path';
// semver's three functions, not its index: the index loads all of semver's ~50 modules on every start
import semverMajor from 'semver/functions/major.js';
import semverSatisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';

/** The package every toolbox imports its contract from, and declares as a peer dependency. */
export const CORE_PACKAGE = '@ovos-tools/core';

/**
 * The `@ovos-tools/core` a package will import: Node's resolution from its folder (`node_modules/@ovos-tools/core`
 * in it and in every folder above), as `{dir, version}`, or `null` when there is none.
 */
export async function resolveCore(packageDir: string): Promise<{ dir: string; version: string } | null> {
  for (let dir = packageDir; ; ) {
    const candidate = path.join(dir, 'node_modules', ...CORE_PACKAGE.split('/'));
    try {
      const pkg = JSON.parse(await readFile(path.join(candidate, 'package.json'), 'utf8')) as { version?: unknown };
      if (typeof pkg.version === 'string') return { dir: candidate, version: pkg.version };
    } catch {
      // not here: look in the folder above
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * Why the package in `packageDir` (package.json `pkg`) cannot run on the core it would import, or `null`: its
 * `peerDependencies["@ovos-tools/core"]` range (prereleases included) must contain the version of the core Node
 * resolves from its folder, and there must be one. A package without that peer range is not checked here (the
 * loader still checks the toolbox contract version of its class). An invalid range is a problem too.
 * The message names the package, the range it needs and what is installed, and how to fix it.
 */
export async function corePeerProblem(packageDir: string, pkg: Record<string, unknown>, root: string): Promise<string | null> {
  const peers = pkg.peerDependencies as Record<string, unknown> | undefined;
  const range = peers && typeof peers === 'object' ? peers[CORE_PACKAGE] : undefined;
  if (range === undefined) return null;
  const who = `${String(pkg.name)}@${String(pkg.version)}`;
  if (typeof range !== 'string' || validRange(range) === null) {
    return `${who}: peerDependencies["${CORE_PACKAGE}"] is ${JSON.stringify(range)}, not a semver range; the package is broken, reinstall or update it`;
  }
  const core = await resolveCore(packageDir);
  if (!core) {
    return `${who} needs ${CORE_PACKAGE} ${range} (its peer dependency), but none is installed where it can import it; install it beside it: npm install --prefix ${root} "${CORE_PACKAGE}@${range}"`;
  }
  if (semverSatisfies(core.version, range, { includePrerelease: true })) return null;
  return (
    `${who} needs ${CORE_PACKAGE} ${range} (its peer dependency), but it would import ${core.version} (${core.dir}); ` +
    `install a version of ${String(pkg.name)} made for ${CORE_PACKAGE} ${semverMajor(core.version)}.x`
  );
}
