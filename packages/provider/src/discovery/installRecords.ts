import { access, readFile } from 'node:fs/promises';
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
