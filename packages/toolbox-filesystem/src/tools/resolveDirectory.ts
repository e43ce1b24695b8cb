import { promises as fsp } from 'node:fs';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import type { ProtectionCheck } from '../sandbox/protectedPaths.js';
import type { FsToolContext } from './context.js';

/**
 * A directory argument resolved inside the sandbox, with the real roots to re-check results against and the
 * protection check that hides protected paths from the results.
 */
export type DirectoryResolution =
  | {
      /** The directory may be listed or searched. */
      ok: true;
      /** Its real path. */
      real: string;
      /** The sandbox roots' real paths, to re-check every result against. */
      realRoots: string[];
      /** Hides protected paths from the results. */
      hidden: ProtectionCheck;
    }
  | {
      /** Refused. */
      ok: false;
      /** The error text the caller sees. */
      error: string;
      /** The path as the caller gave it (echoed in the answer). */
      path: string;
    };

/**
 * Resolves the directory argument of `list_directory`, `search_in_files` and `find_files` (`""` means the
 * first root). A protected directory is refused like a protected file. Refusals carry the text for the output's `error` field and the `path` to report
 * (the argument for denied/invalid paths, as OVOS does).
 */
export async function resolveDirectory(ctx: FsToolContext, requested: string): Promise<DirectoryResolution> {
  const r = await ctx.sandbox.resolve(requested, true);
  if (!r.ok) {
    if (r.kind === 'invalid') return { ok: false, error: Messages.invalidPath(r.reason), path: requested };
    if (r.kind === 'denied') return { ok: false, error: Messages.accessDenied(requested), path: requested };
    if (r.kind === 'protected') return { ok: false, error: Messages.protectedPath(requested, r.reason, 'read'), path: requested };
    return { ok: false, error: `Error: ${r.reason}`, path: r.lexical };
  }
  try {
    const st = await fsp.stat(r.real);
    if (!st.isDirectory()) return { ok: false, error: Messages.notADirectory(r.real), path: r.real };
    const realRoots = await ctx.sandbox.realRoots();
    return { ok: true, real: r.real, realRoots, hidden: ctx.sandbox.check(realRoots, 'read') };
  } catch (err) {
    return { ok: false, error: `Error: ${errorText(err)}`, path: r.real };
  }
}
