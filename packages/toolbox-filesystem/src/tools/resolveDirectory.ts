import { promises as fsp } from 'node:fs';
import { errorText, Messages } from '../messages.js';
import type { FsToolContext } from './context.js';

/** A directory argument resolved inside the sandbox, with the real roots to re-check results against. */
export type DirectoryResolution =
  | { ok: true; real: string; realRoots: string[] }
  | { ok: false; error: string; path: string };

/**
 * Resolves the directory argument of `list_directory`, `search_in_files` and `find_files` (`""` means the
 * first root). Refusals carry the text for the output's `error` field and the `path` to report
 * (the argument for denied/invalid paths, as OVOS does).
 */
export async function resolveDirectory(ctx: FsToolContext, requested: string): Promise<DirectoryResolution> {
  const r = await ctx.sandbox.resolve(requested, true);
  if (!r.ok) {
    if (r.kind === 'invalid') return { ok: false, error: Messages.invalidPath(r.reason), path: requested };
    if (r.kind === 'denied') return { ok: false, error: Messages.accessDenied(requested), path: requested };
    return { ok: false, error: `Error: ${r.reason}`, path: r.lexical };
  }
  try {
    const st = await fsp.stat(r.real);
    if (!st.isDirectory()) return { ok: false, error: Messages.notADirectory(r.real), path: r.real };
    return { ok: true, real: r.real, realRoots: await ctx.sandbox.realRoots() };
  } catch (err) {
    return { ok: false, error: `Error: ${errorText(err)}`, path: r.real };
  }
}
