import fs from 'node:fs';
import path from 'node:path';

/**
 * Finds `name` on `pathValue` like `execvp` does: the first absolute PATH entry holding an executable
 * regular file. Relative entries are skipped.
 *
 * @returns the absolute path as found on PATH (symlinks not resolved), or `null`.
 */
export function whichSync(name: string, pathValue: string): string | null {
  if (name.includes('/')) return null;
  for (const dir of pathValue.split(':')) {
    if (!dir.startsWith('/')) continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** True when `file` is (or links to) a regular file this process may execute. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The real path of `file` (symlinks resolved), or `null` when it does not exist. */
export function realpathOrNull(file: string): string | null {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}
