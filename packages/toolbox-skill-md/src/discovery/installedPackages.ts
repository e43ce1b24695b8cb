import fs from 'node:fs';
import path from 'node:path';
import { listDir, statOrUndefined } from './fsUtil.js';

/** A package installed directly under a `node_modules` folder. */
export interface InstalledPackage {
  /** The package name, e.g. `@acme/skills` (from package.json, else from the folder). */
  name: string;
  /** The package folder as found under `node_modules` (may be a symlink, as with pnpm). */
  dir: string;
  /** The parsed package.json, or `undefined` when it could not be parsed (see `error`). */
  manifest: Record<string, unknown> | undefined;
  /** Why package.json could not be read, when it could not. */
  error?: string;
}

/**
 * Lists the packages installed directly in `nodeModulesDir`: `<nm>/<name>` and `<nm>/@scope/<name>` folders
 * (symlinks followed) that hold a package.json, sorted by name. Hidden entries (`.bin`, `.pnpm`, …) are skipped
 * and nested `node_modules` are never entered. A missing folder yields `[]`.
 */
export function listInstalledPackages(nodeModulesDir: string): InstalledPackage[] {
  const dirs: string[] = [];
  for (const name of listDir(nodeModulesDir)) {
    const full = path.join(nodeModulesDir, name);
    if (name.startsWith('@')) {
      for (const sub of listDir(full)) dirs.push(path.join(full, sub));
    } else dirs.push(full);
  }
  const out: InstalledPackage[] = [];
  for (const dir of dirs) {
    const pj = path.join(dir, 'package.json');
    if (!statOrUndefined(pj)?.isFile()) continue;
    const folderName = path.relative(nodeModulesDir, dir).split(path.sep).join('/');
    try {
      const manifest = JSON.parse(fs.readFileSync(pj, 'utf8')) as unknown;
      if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) throw new Error('package.json is not a JSON object');
      const m = manifest as Record<string, unknown>;
      out.push({ name: typeof m.name === 'string' ? m.name : folderName, dir, manifest: m });
    } catch (err) {
      out.push({ name: folderName, dir, manifest: undefined, error: (err as Error).message });
    }
  }
  return out;
}
