import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { isInside } from '@ovos-tools/core/node';
import { pathProblem } from './pathChecks.js';
import { PathProtection, type ProtectionCheck } from './protectedPaths.js';
import { realResolve } from './realResolve.js';

/** What a path is resolved for: `read` (read, list, search) or `write`. */
export type Access = 'read' | 'write';

/** A path argument that resolved to a place inside one of the sandbox roots. */
export interface Resolved {
  /** The path may be used. */
  ok: true;
  /** The real path (every symlink resolved); operate on this, never on the argument. */
  real: string;
  /** The lexical path: the argument joined to the first root and normalised (for display, e.g. glob results). */
  lexical: string;
  /** Whether `real` exists. */
  exists: boolean;
  /** The real path of the root that contains `real`. */
  root: string;
}

/**
 * A path argument that was refused: `denied` (resolves outside every root), `protected` (inside a root but
 * in a protected location, see {@link PathProtection}), `invalid` (malformed: NUL byte, empty, too long, not
 * a string), or `error` (the filesystem failed while resolving it, e.g. `ENOTDIR` for a path through a file,
 * or a root that does not exist).
 */
export interface Refused {
  /** The path may not be used. */
  ok: false;
  /** Why (see above). */
  kind: 'denied' | 'protected' | 'invalid' | 'error';
  /** What went wrong, as a sentence fragment (for `invalid` and `error`). */
  reason: string;
  /** The lexical path when one could be computed, else the argument. */
  lexical: string;
}

/**
 * The sandbox: one or more root directories and the only way tools turn a path argument into a real path.
 *
 * Rules: relative arguments resolve against the FIRST root; absolute arguments are accepted when they
 * resolve inside ANY root. Containment compares real paths (`fs.realpath` of the root and of the target,
 * or of its nearest existing ancestor plus the missing tail, following dangling links) with
 * `path.relative`, so symlinks pointing outside, `..` chains and prefix siblings (`root2` beside `root`)
 * are refused. Paths the {@link PathProtection} covers are refused for writing always, and for reading
 * unless `allowReadProtected`.
 */
export class Sandbox {
  private readonly configured: readonly string[];
  /** The protected paths every call is checked against. */
  readonly protection: PathProtection;
  /** Whether reads (read, list, search, find) may see protected paths; writes never may. */
  readonly allowReadProtected: boolean;

  /**
   * @param roots - absolute root directories, in priority order.
   * @param protection - the protected paths; default {@link PathProtection} with its defaults only.
   * @param allowReadProtected - let reads see protected paths (default `false`).
   */
  constructor(roots: readonly string[], protection: PathProtection = new PathProtection(), allowReadProtected = false) {
    this.configured = roots;
    this.protection = protection;
    this.allowReadProtected = allowReadProtected;
  }

  /**
   * The protection check for one call over `realRoots`, for `access`: a function giving why a real path is
   * hidden/refused, or `null`. For reads with `allowReadProtected` nothing is hidden.
   */
  check(realRoots: readonly string[], access: Access): ProtectionCheck {
    if (access === 'read' && this.allowReadProtected) return () => null;
    return this.protection.snapshot(realRoots);
  }

  /** The configured roots (absolute, as configured). */
  get roots(): readonly string[] {
    return this.configured;
  }

  /**
   * The real paths of the roots, resolved on every call so a root created or moved later is honoured.
   * @throws an `Error` naming the root when one does not exist or is not a directory.
   */
  async realRoots(): Promise<string[]> {
    const out: string[] = [];
    for (const root of this.configured) {
      let real: string;
      try {
        real = await fsp.realpath(root);
      } catch (err) {
        throw new Error(`sandbox root '${root}' is not accessible (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      if (!(await fsp.stat(real)).isDirectory()) throw new Error(`sandbox root '${root}' is not a directory`);
      out.push(real);
    }
    return out;
  }

  /**
   * Resolves a path argument.
   * @param requested - the argument as the model sent it.
   * @param allowEmpty - treat `""` as the first root (directory arguments) instead of refusing it.
   * @param access - `write` refuses every protected path; `read` refuses them unless `allowReadProtected`.
   * @returns a {@link Resolved} inside a root, or a {@link Refused}; never throws.
   */
  async resolve(requested: unknown, allowEmpty = false, access: Access = 'read'): Promise<Resolved | Refused> {
    const problem = pathProblem(requested, allowEmpty);
    const shown = typeof requested === 'string' ? requested : String(requested);
    if (problem) return { ok: false, kind: 'invalid', reason: problem, lexical: shown };
    let roots: string[];
    try {
      roots = await this.realRoots();
    } catch (err) {
      return { ok: false, kind: 'error', reason: (err as Error).message, lexical: shown };
    }
    const lexical = path.resolve(roots[0]!, (requested as string) || '.');
    let real;
    try {
      real = await realResolve(lexical);
    } catch (err) {
      return { ok: false, kind: 'error', reason: (err as Error).message, lexical };
    }
    const root = roots.find((r) => isInside(r, real.real));
    if (root === undefined) return { ok: false, kind: 'denied', reason: 'outside the sandbox root', lexical };
    const why = this.check(roots, access)(real.real);
    if (why) return { ok: false, kind: 'protected', reason: why, lexical };
    return { ok: true, real: real.real, lexical, exists: real.exists, root };
  }

  /**
   * Whether an absolute path, after resolving every symlink, lies inside one of `realRoots`.
   * Used to re-check glob results and opened descriptors; any resolution error counts as outside.
   */
  async contains(realRoots: readonly string[], absolute: string): Promise<boolean> {
    try {
      const { real } = await realResolve(absolute);
      return realRoots.some((r) => isInside(r, real));
    } catch {
      return false;
    }
  }
}
