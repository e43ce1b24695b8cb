import { constants, promises as fsp, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { isInside } from '@ovos-tools/core/node';

/** Thrown when an opened descriptor turns out not to be the checked file (a symlink or rename race). */
export class SandboxRaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxRaceError';
  }
}

/**
 * Where the kernel says an open descriptor points (`/proc/self/fd/<fd>` on Linux), or `null` when that
 * cannot be read on this platform.
 */
export async function descriptorPath(fd: number): Promise<string | null> {
  try {
    return await fsp.readlink(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

/**
 * Confirms that `fh` (opened from the checked real path `real`) is really that file inside a root:
 * on Linux the descriptor's kernel path must equal `real` and lie inside a root; elsewhere `fstat` of
 * the descriptor must match `lstat(real)` by device and inode.
 * @throws {@link SandboxRaceError} when it does not.
 */
export async function verifyDescriptor(fh: FileHandle, real: string, realRoots: readonly string[]): Promise<Stats> {
  const st = await fh.stat();
  const actual = await descriptorPath(fh.fd);
  if (actual !== null) {
    if (actual !== real || !realRoots.some((r) => isInside(r, actual))) {
      throw new SandboxRaceError(`the file changed while it was being opened (now '${actual}')`);
    }
    return st;
  }
  const lst = await fsp.lstat(real);
  if (lst.dev !== st.dev || lst.ino !== st.ino) throw new SandboxRaceError('the file changed while it was being opened');
  return st;
}

/**
 * Opens the checked real path `real` for reading without following a symlink at its last component
 * (`O_NOFOLLOW`) and without blocking on FIFOs (`O_NONBLOCK`), then verifies the descriptor with
 * {@link verifyDescriptor}. Returns the handle and its stats; the caller closes it.
 * @throws the fs error (`ELOOP` when the last component became a symlink), or {@link SandboxRaceError}.
 */
export async function openForRead(real: string, realRoots: readonly string[]): Promise<{ fh: FileHandle; stat: Stats }> {
  const fh = await fsp.open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = await verifyDescriptor(fh, real, realRoots);
    return { fh, stat };
  } catch (err) {
    await fh.close().catch(() => undefined);
    throw err;
  }
}
