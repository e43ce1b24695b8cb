import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { HOST_SOURCE_GROUP, SEARCH_RANKER_GROUP } from '@ovos-tools/core';
import { listInstalledPackages, parseEntryPoints, TOOLBOX_GROUP } from '@ovos-tools/core/node';
import { corePeerProblem } from './corePeerProblem.js';
import { entryChangeTime, installRecordTime, readInstallRecords, RECORD_JITTER_MS, type InstallRecords } from './installRecords.js';

/** Options of {@link scanPluginRoots}. */
export interface ScanOptions {
  /**
   * `allowed_packages` from provider config: when given, only these package names may load; every other
   * package declaring a toolbox is reported as a problem. `undefined` (the default) allows every installed one.
   */
  allowedPackages?: readonly string[];
}

/** One toolbox declared by an installed package, found from package.json metadata alone (nothing imported). */
export interface ToolboxDeclaration {
  /** The entry-point name, e.g. `ovos-math-tools`: the key of its config section and of `loaded` in reload responses. */
  entryPointName: string;
  /** The npm package that declares the toolbox. */
  packageName: string;
  /** Its version, from package.json. */
  packageVersion: string;
  /** The package directory, symlinks resolved. */
  packageDir: string;
  /** Absolute path of the module to import. */
  modulePath: string;
  /** The named export holding the class (`default` for a default export). */
  exportName: string;
  /** The plugin root it was found under. */
  root: string;
  /** Changes whenever the package is reinstalled or its entry module changes (version, mtimes, sizes). */
  fingerprint: string;
  /**
   * The entry-point group: `opm.agents.toolbox` (a `ToolBox` class), `ovos-tools.hosts` (a `HostSource`
   * that makes toolbox hosts, e.g. mounted MCP servers or HTTP tools from config) or `ovos-tools.search-rankers` (a
   * core `SearchRanker`: a model tool search fuses with its lexical ranking; imported in the search worker only).
   */
  group: typeof TOOLBOX_GROUP | typeof HOST_SOURCE_GROUP | typeof SEARCH_RANKER_GROUP;
}

/** Something in a plugin root that looked like a declaration but could not be used. */
export interface DiscoveryProblem {
  /** The plugin root being scanned. */
  root: string;
  /** The package folder with the problem. */
  packageDir: string;
  /** Its name, when package.json was readable. */
  packageName?: string;
  /** What is wrong and how to fix it. */
  message: string;
  /**
   * `true` when the package is still being written by a package manager (its folder is newer than the root's
   * install record): it is not loaded now, and a version of it that is loaded keeps serving until the next reload.
   */
  installing?: boolean;
}

/** All declarations and problems of one scan, in a stable order (roots in order, packages sorted by name). */
export interface ScanResult {
  /** Every valid toolbox declaration, in scan order. */
  declarations: ToolboxDeclaration[];
  /** Packages that could not be used, and why. */
  problems: DiscoveryProblem[];
}

/**
 * Scans `<root>/node_modules` of every plugin root, scoped packages included (`@scope/name`), for
 * package.json files declaring `entryPoints["opm.agents.toolbox"]` (or `ovos-tools.hosts`, `ovos-tools.search-rankers`). Missing roots are skipped. When two
 * packages declare the same entry-point name, the first found (earlier root, then package order) is used
 * and the other is reported as a problem. Never throws for bad packages; they become problems.
 *
 * A package whose folder changed after its root's install record was written (npm writes
 * `node_modules/.package-lock.json` last, so npm may still be writing it) is not declared either: its problem
 * (`not installed by npm: ...`, or `being installed: ...` when the record already names it) carries
 * `installing: true`, so a version of it already loaded keeps serving (see the Reloader).
 *
 * A package with a `peerDependencies["@ovos-tools/core"]` range that excludes the core it would import (or with no
 * core to import) is reported naming the range it needs, and not declared ({@link corePeerProblem}).
 *
 * Only packages a package manager installed are declared: each needs an install record in its root
 * ({@link readInstallRecords}: npm's `node_modules/.package-lock.json` or `package-lock.json`, pnpm's
 * `.modules.yaml` + lockfile) naming it, with the same version when the record has one. A package without
 * one is reported as `not installed by npm: <name> ...` and not declared, so files written into
 * `node_modules` by anything but npm/pnpm are never imported. With `options.allowedPackages`, packages not
 * listed are reported as `not in allowed_packages: <name>` and not declared.
 */
export async function scanPluginRoots(roots: readonly string[], options: ScanOptions = {}): Promise<ScanResult> {
  const result: ScanResult = { declarations: [], problems: [] };
  const seen = new Map<string, ToolboxDeclaration>();
  const allowed = options.allowedPackages ? new Set(options.allowedPackages) : null;
  for (const root of roots) {
    const nodeModules = path.join(root, 'node_modules');
    let records: InstallRecords | undefined;
    let recordedAt: Promise<number | null> | undefined;
    for (const { installedName, dir } of listInstalledPackages(nodeModules)) {
      const gate: Gate = async (installedName, version) => {
        if (allowed && !allowed.has(installedName)) return { message: `not in allowed_packages: ${installedName} (add it to allowed_packages in the provider config to load it)` };
        records ??= await readInstallRecords(root);
        recordedAt ??= installRecordTime(root);
        const recorded = await recordedAt;
        // npm writes node_modules/.package-lock.json after everything else: a folder newer than it is still being written
        const unrecorded = recorded !== null && (await entryChangeTime(dir)) > recorded + RECORD_JITTER_MS;
        const problem = installProblem(records, root, installedName, version);
        if (!unrecorded) return problem ? { message: problem } : null;
        const pending = `it changed after npm last wrote ${path.join(root, 'node_modules', '.package-lock.json')}, so if npm is still installing it, it loads on the first reload after npm finishes; a version of it already loaded keeps serving until then`;
        return { installing: true, message: problem ? `${problem} (${pending})` : `being installed: ${installedName} in ${root}: ${pending}` };
      };
      await readPackage(root, dir, installedName, gate, result, seen);
    }
  }
  return result;
}

/** Why a package may not load (and whether only because it is being installed), or `null` when it may. */
type Gate = (installedName: string, version: string) => Promise<{ message: string; installing?: true } | null>;

/** Why the package `name` (as installed under node_modules) lacks a matching install record, or `null`. */
function installProblem(records: InstallRecords, root: string, name: string, version: string): string | null {
  if (!records.has(name)) {
    return `not installed by npm: ${name} has no install record in ${root} (node_modules/.package-lock.json, package-lock.json or pnpm's lockfile); install it with 'npm install --prefix ${root} ${name}'`;
  }
  const recorded = records.get(name);
  if (recorded && recorded !== version) {
    return `not installed by npm: ${name}@${version} does not match the installed ${recorded} recorded in ${root}; reinstall it with npm`;
  }
  return null;
}

/** The entry-point groups discovery reads. */
const DECLARED_GROUPS = [TOOLBOX_GROUP, HOST_SOURCE_GROUP, SEARCH_RANKER_GROUP] as const;

async function readPackage(
  root: string,
  dir: string,
  installedName: string,
  gate: Gate,
  result: ScanResult,
  seen: Map<string, ToolboxDeclaration>,
): Promise<void> {
  let pkgText: string;
  let packageDir: string;
  try {
    packageDir = await realpath(dir);
    pkgText = await readFile(path.join(packageDir, 'package.json'), 'utf8');
  } catch {
    return; // not a package (or a dangling link): nothing declared
  }
  if (!DECLARED_GROUPS.some((group) => pkgText.includes(group))) return; // fast path: most packages declare nothing
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(pkgText) as Record<string, unknown>;
  } catch (err) {
    result.problems.push({ root, packageDir, message: `package.json is not valid JSON: ${(err as Error).message}` });
    return;
  }
  const packageName = typeof pkg.name === 'string' ? pkg.name : path.basename(packageDir);
  const packageVersion = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  const parsedGroups = DECLARED_GROUPS.map((group) => ({ group, parsed: parseEntryPoints(pkg, group) }));
  if (parsedGroups.every(({ parsed }) => parsed.declarations.length === 0 && parsed.problems.length === 0)) return;
  const refused = await gate(installedName, packageVersion);
  if (refused) {
    result.problems.push({ root, packageDir, packageName, ...refused });
    return;
  }
  const peerProblem = await corePeerProblem(packageDir, pkg, root);
  if (peerProblem) {
    result.problems.push({ root, packageDir, packageName, message: peerProblem });
    return;
  }
  for (const { group, parsed } of parsedGroups) {
    for (const message of parsed.problems) result.problems.push({ root, packageDir, packageName, message });
    for (const d of parsed.declarations) await addDeclaration(root, packageDir, packageName, packageVersion, group, d, result, seen);
  }
}

async function addDeclaration(
  root: string,
  packageDir: string,
  packageName: string,
  packageVersion: string,
  group: ToolboxDeclaration['group'],
  d: { name: string; modulePath: string; exportName: string },
  result: ScanResult,
  seen: Map<string, ToolboxDeclaration>,
): Promise<void> {
  const modulePath = path.resolve(packageDir, d.modulePath);
  const previous = seen.get(d.name);
  if (previous) {
    result.problems.push({
      root,
      packageDir,
      packageName,
      message: `entry point "${d.name}" is also declared by ${previous.packageName} in ${previous.root}; using that one`,
    });
    return;
  }
  const decl: ToolboxDeclaration = {
    entryPointName: d.name,
    packageName,
    packageVersion,
    packageDir,
    modulePath,
    exportName: d.exportName,
    root,
    fingerprint: await fingerprint(packageVersion, packageDir, modulePath),
    group,
  };
  seen.set(d.name, decl);
  result.declarations.push(decl);
}

const FINGERPRINT_MAX_FILES = 2000;

/**
 * Version plus the newest mtime, total size and count of the package's own files (nested node_modules and
 * dot-folders excluded, at most 2,000 files), so any reinstall or rebuild changes it.
 */
async function fingerprint(version: string, packageDir: string, modulePath: string): Promise<string> {
  let newest = 0;
  let size = 0;
  let count = 0;
  const pending = [packageDir];
  while (pending.length && count < FINGERPRINT_MAX_FILES) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) pending.push(full);
      else if (e.isFile()) {
        try {
          const s = await stat(full);
          newest = Math.max(newest, s.mtimeMs);
          size += s.size;
          count++;
        } catch {
          // vanished while scanning: the next scan sees the new state
        }
      }
    }
  }
  return `${version}|${path.relative(packageDir, modulePath)}|${newest}|${size}|${count}`;
}
