import fs from 'node:fs';
import path from 'node:path';
import { pyRepr } from './pyRepr.js';
import { isInside } from '@ovos-tools/core/node';

/** The outcome of {@link resolveCwd}: a directory to run in, or the error text for `stderr`. */
export type CwdResult =
  | {
      /** Usable. */
      ok: true;
      /** The real path of the directory to run in. */
      dir: string;
    }
  | {
      /** Refused. */
      ok: false;
      /** The error text the caller sees (Python-style, e.g. `[Errno 2] No such file or directory: 'x'`). */
      error: string;
    };

/**
 * Resolves the `cwd` argument. Relative values resolve against `rootPath` when one is configured, else
 * against the process's working directory (OVOS). The directory must exist; with `rootPath`, its real path
 * (symlinks resolved) must lie inside the root's real path, compared with `path.relative`, never string prefixes.
 *
 * @returns `{ok:false, error}` with texts shaped like Python's (`[Errno 2] No such file or directory: 'x'`,
 *   `[Errno 20] Not a directory: 'x'`, `embedded null byte`) or naming `root_path`.
 */
export function resolveCwd(cwd: string, rootPath: string | null): CwdResult {
  if (cwd.includes('\0')) return { ok: false, error: 'embedded null byte' };
  let base = process.cwd();
  let realRoot: string | null = null;
  if (rootPath !== null) {
    try {
      realRoot = fs.realpathSync(path.resolve(rootPath));
    } catch {
      return { ok: false, error: `root_path ${pyRepr(rootPath)} does not exist; fix the toolbox config.` };
    }
    base = realRoot;
  }
  const target = path.resolve(base, cwd === '' ? '.' : cwd);
  let real: string;
  try {
    real = fs.realpathSync(target);
  } catch {
    return { ok: false, error: `[Errno 2] No such file or directory: ${pyRepr(cwd)}` };
  }
  if (!fs.statSync(real).isDirectory()) return { ok: false, error: `[Errno 20] Not a directory: ${pyRepr(cwd)}` };
  if (realRoot !== null && !isInside(realRoot, real)) {
    return { ok: false, error: `cwd ${pyRepr(cwd)} is outside root_path ${pyRepr(rootPath!)}; use a directory inside it.` };
  }
  return { ok: true, dir: real };
}

