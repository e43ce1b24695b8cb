import { promises as fsp } from 'node:fs';
import path from 'node:path';

/** Most symlinks followed while resolving one path (Linux `MAXSYMLINKS`). */
const MAX_LINK_HOPS = 40;

/** A path with every symlink resolved; `exists` is false when some tail of it does not exist yet. */
export interface RealPath {
  /** The path with every symlink of its existing part resolved, and the missing tail appended. */
  real: string;
  /** Whether the whole path exists. */
  exists: boolean;
}

/**
 * Resolves every symlink in the absolute path `p` the way the kernel would, also for paths that do not
 * exist yet: the real path of the nearest existing ancestor plus the missing tail. A dangling symlink
 * (anywhere in the path, also chained) is followed through its target, so a dangling link pointing
 * outside the sandbox resolves outside and is refused by the caller rather than written through.
 *
 * @throws the fs error for anything but "does not exist" (`ENOTDIR`, `EACCES`, `ENAMETOOLONG`), and an
 *   `ELOOP` error after {@link MAX_LINK_HOPS} links.
 */
export async function realResolve(p: string, hops = { count: 0 }): Promise<RealPath> {
  try {
    return { real: await fsp.realpath(p), exists: true };
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
  let isLink = false;
  try {
    isLink = (await fsp.lstat(p)).isSymbolicLink();
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
  const parent = path.dirname(p);
  if (isLink) {
    if (++hops.count > MAX_LINK_HOPS) throw loopError(p);
    const target = await fsp.readlink(p);
    const parentReal = await realResolve(parent, hops);
    return realResolve(path.resolve(parentReal.real, target), hops).then((r) => ({ real: r.real, exists: false }));
  }
  if (parent === p) return { real: p, exists: false };
  const parentReal = await realResolve(parent, hops);
  return { real: path.join(parentReal.real, path.basename(p)), exists: false };
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

function loopError(p: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`ELOOP: too many symbolic links encountered, resolve '${p}'`);
  e.code = 'ELOOP';
  return e;
}
