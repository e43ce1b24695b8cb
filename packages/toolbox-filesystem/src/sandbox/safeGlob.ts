import fs from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { isInside } from '@ovos-tools/core/node';
import { MAX_PATH_CHARS } from './pathChecks.js';
import type { ProtectionCheck } from './protectedPaths.js';
import { realResolve } from './realResolve.js';

/** What {@link safeGlob} needs: where to glob, what, and the bounds. */
export interface SafeGlobOptions {
  /** Real path of the directory to glob in (already checked to be inside a root). */
  cwd: string;
  /** The glob pattern, relative to `cwd`. */
  pattern: string;
  /** Real paths of every sandbox root. */
  realRoots: readonly string[];
  /** Protected paths: directories it names are not read, and results it names are dropped. Default: none. */
  hidden?: ProtectionCheck;
  /** Return files only (`true`) or files and directories (`false`). */
  onlyFiles: boolean;
  /** Most directory entries the crawl may visit before it stops (and reports `scanTruncated`). */
  maxScanEntries: number;
  /** Stops the crawl (the call was cut off). */
  signal?: AbortSignal;
}

/** The outcome of {@link safeGlob}. */
export type SafeGlobResult =
  | {
      /** The pattern was crawled. */
      ok: true;
      /** Matching paths inside the sandbox, protected ones hidden. */
      paths: string[];
      /** The crawl stopped at `maxScanEntries`; there may be more matches. */
      scanTruncated: boolean;
    }
  | {
      /** Refused. */
      ok: false;
      /** `invalid` (malformed pattern) or `denied` (it reaches outside the roots). */
      kind: 'invalid' | 'denied';
      /** Why, for the caller. */
      reason: string;
    };

/**
 * Why a glob pattern is refused, or `null`: empty, NUL byte, too long, absolute, or a `..` segment
 * (also hidden behind backslash escapes or inside brace alternatives such as `{..,x}`).
 */
export function globProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'the pattern is empty';
  if (pattern.includes('\0')) return 'the pattern contains a NUL byte';
  if (pattern.length > MAX_PATH_CHARS) return `the pattern is longer than ${MAX_PATH_CHARS} characters`;
  const plain = pattern.replace(/\\(.)/g, '$1');
  if (plain.startsWith('/') || /^[A-Za-z]:[\\/]/.test(plain)) return 'absolute patterns are not allowed; give a pattern relative to the directory';
  if (/(^|[/{,(|])\.\.($|[/,}|)])/.test(plain)) return "the pattern must not contain '..' segments";
  return null;
}

/**
 * Runs tinyglobby inside the sandbox: refuses escaping patterns ({@link globProblem}), refuses a pattern
 * whose literal leading directories resolve outside the roots (e.g. `outlink/*` through a symlink), never
 * follows symlinks (`followSymbolicLinks: false`; symlinks are neither traversed nor returned), refuses to
 * read any directory whose real path is outside the roots or hidden (protected), drops hidden results, stops after `maxScanEntries` entries, and
 * re-checks every result's real path. Returns absolute paths (`cwd` joined with the match), sorted.
 */
export async function safeGlob(o: SafeGlobOptions): Promise<SafeGlobResult> {
  const problem = globProblem(o.pattern);
  if (problem) return { ok: false, kind: 'invalid', reason: problem };
  const base = staticBase(o.pattern);
  if (base) {
    const inside = await resolvesInside(path.join(o.cwd, base), o.realRoots);
    if (!inside) return { ok: false, kind: 'denied', reason: 'the pattern leads outside the sandbox root' };
  }
  let visited = 0;
  let scanTruncated = false;
  const guardedReaddir = (dir: string, opts: unknown, cb: (err: NodeJS.ErrnoException | null, entries: fs.Dirent[]) => void) => {
    if (visited >= o.maxScanEntries || o.signal?.aborted) {
      scanTruncated = scanTruncated || visited >= o.maxScanEntries;
      cb(null, []);
      return;
    }
    // the C library's realpath (Node's JavaScript one lstats every component of the path, for every directory visited)
    fs.realpath.native(dir, (err, real) => {
      if (err) return cb(err, []);
      if (!o.realRoots.some((r) => isInside(r, real)) || o.hidden?.(real)) return cb(null, []);
      fs.readdir(dir, opts as { withFileTypes: true }, (err2, entries) => {
        if (err2) return cb(err2, []);
        const room = o.maxScanEntries - visited;
        visited += entries.length;
        if (entries.length > room) {
          scanTruncated = true;
          return cb(null, entries.slice(0, room));
        }
        cb(null, entries);
      });
    });
  };
  const found = await glob(o.pattern, {
    cwd: o.cwd,
    dot: true,
    onlyFiles: o.onlyFiles,
    followSymbolicLinks: false,
    expandDirectories: false,
    absolute: false,
    signal: o.signal,
    fs: { readdir: guardedReaddir as unknown as typeof fs.readdir },
  });
  const paths: string[] = [];
  for (const rel of found) {
    const abs = path.join(o.cwd, rel.replace(/\/+$/, ''));
    const real = await realInside(abs, o.realRoots);
    if (real !== null && !o.hidden?.(real)) paths.push(abs);
  }
  paths.sort();
  return { ok: true, paths: [...new Set(paths)], scanTruncated };
}

/** The literal leading directories of a pattern (before the first segment with glob magic), or ''. */
function staticBase(pattern: string): string {
  const segs = pattern.split('/');
  const out: string[] = [];
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    if (isDynamicPattern(seg)) break;
    out.push(seg.replace(/\\(.)/g, '$1'));
  }
  return out.join('/');
}

async function resolvesInside(abs: string, realRoots: readonly string[]): Promise<boolean> {
  return (await realInside(abs, realRoots)) !== null;
}

/** The real path of `abs` when it lies inside a root, else `null` (also on any resolution error). */
async function realInside(abs: string, realRoots: readonly string[]): Promise<string | null> {
  try {
    const { real } = await realResolve(abs);
    return realRoots.some((r) => isInside(r, real)) ? real : null;
  } catch {
    return null;
  }
}
