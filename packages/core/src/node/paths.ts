import path from 'node:path';

/**
 * Whether `target` is `root` itself or lies beneath it, decided with `path.relative` (never string prefixes, so
 * `/srv/root2` is NOT inside `/srv/root`, while `/srv/root/..data` is). Both paths must be absolute and already
 * real-path resolved (symlinks followed), or the answer says nothing about where a file really is.
 */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
