import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A package folder directly under a `node_modules` folder. */
export interface InstalledPackageDir {
  /** The name it is installed under: `pkg` or `@scope/pkg` (its folder, which npm names after the package). */
  installedName: string;
  /** The folder as found (it may be a symlink, as with pnpm); not checked to hold a package.json. */
  dir: string;
}

/**
 * Lists the package folders installed directly in `nodeModulesDir`: `<nm>/<name>` and `<nm>/@scope/<name>`, sorted
 * by installed name. Hidden entries (`.bin`, `.pnpm`, `.package-lock.json`) are skipped and nested `node_modules` are
 * never entered, so the cost is one directory read plus one per scope. A missing or unreadable folder yields `[]`.
 * The provider's toolbox discovery and the SKILL.md toolbox's package scan both start here.
 */
export function listInstalledPackages(nodeModulesDir: string): InstalledPackageDir[] {
  const out: InstalledPackageDir[] = [];
  for (const name of visibleNames(nodeModulesDir)) {
    if (!name.startsWith('@')) out.push({ installedName: name, dir: path.join(nodeModulesDir, name) });
    else for (const sub of visibleNames(path.join(nodeModulesDir, name))) out.push({ installedName: `${name}/${sub}`, dir: path.join(nodeModulesDir, name, sub) });
  }
  return out.sort((a, b) => (a.installedName < b.installedName ? -1 : a.installedName > b.installedName ? 1 : 0));
}

function visibleNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => !n.startsWith('.'));
  } catch {
    return [];
  }
}
