import { access, lstat, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The packages a package manager recorded as installed in one plugin root, name → recorded version
 * (`null` when the record carries none, e.g. a pnpm workspace link).
 */
export type InstallRecords = ReadonlyMap<string, string | null>;

/**
 * Reads the install records of a plugin root, the proof that a package in `<root>/node_modules` was put there
 * by a package manager and not written by someone else:
 *
 * - npm (7+): `node_modules/.package-lock.json` (the hidden lockfile), then `package-lock.json` /
 *   `npm-shrinkwrap.json` of the root — keys `node_modules/<name>` of `packages` (lockfile v2/v3), or the keys of
 *   `dependencies` (v1);
 * - pnpm: when `node_modules/.modules.yaml` exists, the root importer (`.`) of `node_modules/.pnpm/lock.yaml`,
 *   else of the root's `pnpm-lock.yaml` — names under `dependencies`, `devDependencies`, `optionalDependencies`
 *   (workspace `link:` entries included).
 *
 * Only top-level packages are recorded (nested `node_modules` are never plugin packages). Missing or unreadable
 * files contribute nothing; never throws.
 */
export async function readInstallRecords(root: string): Promise<InstallRecords> {
  const records = new Map<string, string | null>();
  const nm = path.join(root, 'node_modules');
  for (const file of [path.join(nm, '.package-lock.json'), path.join(root, 'package-lock.json'), path.join(root, 'npm-shrinkwrap.json')]) {
    addNpmRecords(await readJson(file), records);
  }
  if (await exists(path.join(nm, '.modules.yaml'))) {
    const lock = (await readText(path.join(nm, '.pnpm', 'lock.yaml'))) ?? (await readText(path.join(root, 'pnpm-lock.yaml')));
    if (lock !== null) for (const [name, version] of pnpmRootImporter(lock)) if (!records.has(name)) records.set(name, version);
  }
  return records;
}

/**
 * The install records a package manager writes last in every install, update and uninstall, relative to
 * `node_modules`: npm's hidden lockfile and pnpm's modules manifest. Until one is rewritten, the manager is not done.
 */
export const INSTALL_MARKERS = ['.package-lock.json', '.modules.yaml'] as const;

/** How much newer than the install record (ms) a folder may be and still count as recorded: npm's own allowance. */
export const RECORD_JITTER_MS = 10;

/**
 * When a package manager last recorded an install in `root`: the modification time (ms since the epoch) of the
 * newest of `node_modules/.package-lock.json` and `node_modules/.modules.yaml`, or `null` when there is neither.
 * Never throws.
 */
export async function installRecordTime(root: string): Promise<number | null> {
  let newest: number | null = null;
  for (const marker of INSTALL_MARKERS) {
    try {
      const { mtimeMs } = await stat(path.join(root, 'node_modules', marker));
      newest = Math.max(newest ?? 0, mtimeMs);
    } catch {
      // absent: this manager never installed here
    }
  }
  return newest;
}

/**
 * When `p` last changed as a folder entry: the modification time of `p` itself (a symlink's own, not its
 * target's), or of its nearest existing ancestor when `p` is gone (a removal changes the folder that held it).
 */
export async function entryChangeTime(p: string): Promise<number> {
  for (let current = path.resolve(p); ; ) {
    try {
      return (await lstat(current)).mtimeMs;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return 0;
      current = parent;
    }
  }
}

/**
 * Whether the package manager has finished writing `paths` (package folders, their package.json, `node_modules`
 * itself; gone ones count by the folder that held them) under `root`. npm writes its install record
 * (`node_modules/.package-lock.json`) after everything else of an install, update or uninstall, and trusts it only
 * while no folder it records is newer; pnpm writes `node_modules/.modules.yaml` last. So an operation is done when
 * the record is at least as new as every path it touched ({@link RECORD_JITTER_MS} allowed). `false` while there is
 * no record at all. Never throws.
 */
export async function installSettled(root: string, paths: Iterable<string>): Promise<boolean> {
  const recorded = await installRecordTime(root);
  if (recorded === null) return false;
  for (const p of paths) if ((await entryChangeTime(p)) > recorded + RECORD_JITTER_MS) return false;
  return true;
}

function addNpmRecords(lock: unknown, records: Map<string, string | null>): void {
  if (!lock || typeof lock !== 'object') return;
  const l = lock as { packages?: Record<string, { version?: unknown; link?: unknown }>; dependencies?: Record<string, { version?: unknown }> };
  if (l.packages && typeof l.packages === 'object') {
    for (const [key, entry] of Object.entries(l.packages)) {
      const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key);
      if (!m || records.has(m[1]!)) continue;
      records.set(m[1]!, entry && typeof entry.version === 'string' ? entry.version : null);
    }
  } else if (l.dependencies && typeof l.dependencies === 'object') {
    for (const [name, entry] of Object.entries(l.dependencies)) {
      if (!records.has(name)) records.set(name, entry && typeof entry.version === 'string' ? entry.version : null);
    }
  }
}

/**
 * The direct dependencies of the root importer of a pnpm lockfile (v6–v9 `importers: .:`, or the top-level
 * `dependencies:` of single-project lockfiles), as name → `null` (pnpm records specifiers, not the version
 * in package.json). A line-based reader of the fixed layout pnpm writes; no YAML library needed.
 */
export function pnpmRootImporter(text: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const lines = text.split(/\r?\n/);
  let base = -1; // indentation of the section keys (dependencies:) of the root importer
  const start = lines.findIndex((l) => /^importers:\s*$/.test(l));
  let i = 0;
  if (start >= 0) {
    const dot = lines.findIndex((l, j) => j > start && /^ {2}(\.|'\.'):\s*$/.test(l));
    if (dot < 0) return out;
    base = 4;
    i = dot + 1;
  } else base = 0;
  let inDeps = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (indent < base) break;
    if (indent === base) {
      inDeps = /^(dependencies|devDependencies|optionalDependencies):\s*$/.test(line.trim());
      continue;
    }
    if (inDeps && indent === base + 2) {
      const m = /^(?:'([^']+)'|"([^"]+)"|([^:\s]+)):/.exec(line.trim());
      const name = m?.[1] ?? m?.[2] ?? m?.[3];
      if (name) out.set(name, null);
    }
  }
  return out;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

async function readJson(file: string): Promise<unknown> {
  const text = await readText(file);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
