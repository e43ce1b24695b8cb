import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';
import { SandboxRaceError, verifyDescriptor } from './openVerified.js';
import { isInside } from '@ovos-tools/core/node';

/** Prefix of the temporary files {@link atomicWrite} creates beside the target (removed on failure). */
export const TEMP_PREFIX = '.ovos-fs-';

/**
 * Writes `content` (UTF-8) to the checked real path `real` atomically: creates missing parent directories
 * one level at a time below `root` (each must be a real directory, never a symlink), writes a temporary
 * file in the same directory (`O_CREAT|O_EXCL|O_NOFOLLOW`, verified descriptor, fsync), keeps the mode of
 * a file it replaces, and renames it over the target. Readers see the old or the new file, never a part.
 * `rename` replaces a symlink at the target instead of writing through it. The temporary file is removed
 * on any failure.
 *
 * @param root - the real root containing `real`; @param realRoots - every real root.
 * @returns the number of bytes written.
 * @throws fs errors (`EISDIR`, `ENOTDIR`, `EACCES`, ...) or {@link SandboxRaceError} when a directory on the
 *   way was swapped for a symlink or moved.
 */
export async function atomicWrite(real: string, content: string, root: string, realRoots: readonly string[]): Promise<number> {
  if (real === root) throw errno('EISDIR', `illegal operation on a directory, open '${real}'`);
  const dir = path.dirname(real);
  await ensureDirectory(dir, root);
  let mode: number | undefined;
  try {
    const st = await fsp.lstat(real);
    if (st.isDirectory()) throw errno('EISDIR', `illegal operation on a directory, open '${real}'`);
    if (st.isFile()) mode = st.mode & 0o7777;
    else if (!st.isSymbolicLink()) throw errno('EINVAL', `not a regular file, open '${real}'`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const tmp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}.tmp`);
  const data = Buffer.from(content, 'utf8');
  const fh = await fsp.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode ?? 0o666);
  let renamed = false;
  try {
    await verifyDescriptor(fh, tmp, realRoots);
    await fh.writeFile(data);
    if (mode !== undefined) await fh.chmod(mode);
    await fh.sync();
    await fh.close();
    if ((await fsp.realpath(dir)) !== dir || !realRoots.some((r) => isInside(r, dir))) {
      throw new SandboxRaceError(`the directory '${dir}' changed during the write`);
    }
    await fsp.rename(tmp, real);
    renamed = true;
    return data.length;
  } finally {
    await fh.close().catch(() => undefined);
    if (!renamed) await fsp.unlink(tmp).catch(() => undefined);
  }
}

/** Creates `dir` and its missing ancestors below `root`, one `mkdir` at a time, refusing symlinks. */
async function ensureDirectory(dir: string, root: string): Promise<void> {
  const rel = path.relative(root, dir);
  if (rel === '') return;
  let cur = root;
  for (const seg of rel.split(path.sep)) {
    cur = path.join(cur, seg);
    try {
      await fsp.mkdir(cur);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const st = await fsp.lstat(cur);
    if (st.isSymbolicLink()) throw new SandboxRaceError(`'${cur}' is a symbolic link`);
    if (!st.isDirectory()) throw errno('ENOTDIR', `not a directory, mkdir '${cur}'`);
  }
}

function errno(code: string, message: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: ${message}`);
  e.code = code;
  return e;
}
