import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `files` (relative path → text) under `dir`, creating it. Refuses to touch a directory that exists and is
 * not empty, so nothing of the user's is ever overwritten.
 * @returns `null` when written, else what was wrong and how to proceed.
 */
export async function writeProject(dir: string, files: Record<string, string>): Promise<string | null> {
  try {
    const existing = await readdir(dir);
    if (existing.length) return `${dir} already exists and is not empty; choose a new directory`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return `${dir} is a file; choose a new directory`;
    if (code !== 'ENOENT') return `cannot read ${dir}: ${(err as Error).message}`;
  }
  try {
    for (const [rel, text] of Object.entries(files)) {
      const file = path.join(dir, ...rel.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text, { flag: 'wx' });
    }
  } catch (err) {
    return `cannot write the project into ${dir}: ${(err as Error).message}`;
  }
  return null;
}
