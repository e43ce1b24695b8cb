import fs from 'node:fs';
import path from 'node:path';

/** `fs.statSync` following symlinks, or `undefined` when the path does not exist or cannot be read. */
export function statOrUndefined(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p);
  } catch {
    return undefined;
  }
}

/** The real path of `p`, or `undefined` when it does not exist. */
export function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Names in `dir` (sorted, hidden entries skipped), or `[]` when it cannot be listed. */
export function listDir(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => !n.startsWith('.'))
      .sort();
  } catch {
    return [];
  }
}


/**
 * `<dir>/*\/SKILL.md` files, sorted by folder name; folders named `node_modules` or starting with `.` are skipped.
 */
export function skillFilesInSubdirs(dir: string): string[] {
  const out: string[] = [];
  for (const name of listDir(dir)) {
    if (name === 'node_modules') continue;
    const file = path.join(dir, name, 'SKILL.md');
    if (statOrUndefined(file)?.isFile()) out.push(file);
  }
  return out;
}
