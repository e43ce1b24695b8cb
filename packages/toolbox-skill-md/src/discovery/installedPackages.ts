import fs from 'node:fs';
import path from 'node:path';
import { isObject, listInstalledPackages as listPackageDirs } from '@ovos-tools/core/node';
import { statOrUndefined } from './fsUtil.js';

/** A package installed directly under a `node_modules` folder, with its parsed package.json. */
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
 * The packages installed directly in `nodeModulesDir` that hold a package.json, sorted by name, each with its
 * parsed manifest: the kit's folder listing (`listInstalledPackages` of `@ovos-tools/core/node`: scoped packages
 * included, hidden entries and nested `node_modules` skipped) plus a read of each package.json. A missing folder
 * yields `[]`.
 */
export function listInstalledPackages(nodeModulesDir: string): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const { installedName, dir } of listPackageDirs(nodeModulesDir)) {
    const pj = path.join(dir, 'package.json');
    if (!statOrUndefined(pj)?.isFile()) continue;
    try {
      const manifest = JSON.parse(fs.readFileSync(pj, 'utf8')) as unknown;
      if (!isObject(manifest)) throw new Error('package.json is not a JSON object');
      out.push({ name: typeof manifest.name === 'string' ? manifest.name : installedName, dir, manifest });
    } catch (err) {
      out.push({ name: installedName, dir, manifest: undefined, error: (err as Error).message });
    }
  }
  return out;
}
