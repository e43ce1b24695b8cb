import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listInstalledPackages, readEntryPointGroup, TOOLBOX_GROUP } from '@ovos-tools/core/node';
import { HOST_SOURCE_GROUP } from '@ovos-tools/core';

/**
 * The entry-point names every package in the plugin roots declares (toolboxes and host sources), read from
 * package.json metadata alone, synchronously (nothing is imported, no install record is asked for): what the names
 * of a config (`disabled_toolboxes`, `agents.<id>.tools`) are checked against before anything loads. Missing roots
 * and unreadable packages are skipped (discovery reports them). Sorted, without repeats.
 */
export function installedToolboxNames(roots: readonly string[]): string[] {
  const names = new Set<string>();
  for (const root of roots) {
    for (const { dir } of listInstalledPackages(path.join(root, 'node_modules'))) for (const name of packageToolboxNames(dir)) names.add(name);
  }
  return [...names].sort();
}

/** The entry-point names (toolboxes and host sources) the package in `dir` declares; none when its package.json is unreadable. */
export function packageToolboxNames(dir: string): string[] {
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return [];
  }
  return [TOOLBOX_GROUP, HOST_SOURCE_GROUP].flatMap((group) => readEntryPointGroup(pkg, group, '').entries.map((e) => e.name));
}
