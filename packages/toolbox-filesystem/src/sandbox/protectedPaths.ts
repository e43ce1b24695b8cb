import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultWorkspace, ovosToolsDataDir } from '@ovos-tools/core';
import { isInside } from '@ovos-tools/core/node';

/**
 * Directory names that hold code a Node host imports (`node_modules`): any path segment with this name is
 * protected, wherever it lies inside a root. Compared case-insensitively.
 */
export const PROTECTED_DIR_NAMES: ReadonlySet<string> = new Set(['node_modules']);

/**
 * File names that load code or configuration when some program next starts: npm/pnpm/yarn package and
 * install metadata (`package.json` names a module to import; lockfiles are the provider's install records;
 * `.npmrc`/`.yarnrc` set scripts and registries), OVOS config (`mycroft.conf`), SKILL.md files (become
 * tools of the SKILL.md toolbox), Python start-up hooks (`sitecustomize.py`, `usercustomize.py`; `*.pth` is
 * matched by extension) and POSIX shell start-up files. Compared case-insensitively with every segment.
 */
export const PROTECTED_FILE_NAMES: ReadonlySet<string> = new Set([
  'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.pnpmfile.cjs',
  '.npmrc', '.yarnrc', '.yarnrc.yml', 'mycroft.conf', 'skill.md', 'sitecustomize.py', 'usercustomize.py',
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
]);

/** File extensions that load code: Python `.pth` files run `import` lines at interpreter start-up. */
export const PROTECTED_EXTENSIONS: readonly string[] = Object.freeze(['.pth']);

/** Inside a `.git` directory, these entries run programs (hooks) or define them (config: aliases, fsmonitor, pagers). */
const GIT_CODE_ENTRIES = new Set(['hooks', 'config']);

/**
 * The locations protected even when no host passes any: the OVOS config folders (`~/.config/mycroft`,
 * `$XDG_CONFIG_HOME/mycroft`, `/etc/mycroft`), the ovos-tools config folder (`$XDG_CONFIG_HOME/ovos-tools`),
 * the OVOS data folder (`$XDG_DATA_HOME/mycroft`, where OVOS skills and resources live) and the ovos-tools
 * data dir (plugins, skills; its `workspace` is carved out, see {@link PathProtection}).
 */
export function defaultProtectedPaths(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string[] {
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  const data = path.dirname(ovosToolsDataDir(env, home));
  const list = [
    path.join(home, '.config', 'mycroft'),
    path.join(config, 'mycroft'),
    '/etc/mycroft',
    path.join(home, '.config', 'ovos-tools'),
    path.join(config, 'ovos-tools'),
    path.join(data, 'mycroft'),
    ovosToolsDataDir(env, home),
  ];
  return [...new Set(list)];
}

/** What {@link PathProtection} protects beyond its defaults. */
export interface PathProtectionOptions {
  /** The host's plugin roots (`ToolBox.pluginRoots`): protected as a whole. */
  pluginRoots?: readonly string[];
  /** Paths the host protects (`ToolBox.protectedPaths`): config files, data and skills folders. */
  protectedPaths?: readonly string[];
  /** Environment to read `XDG_*` from; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Home directory; default `os.homedir()`. */
  home?: string;
}

/** A decision function over real paths, built for one call by {@link PathProtection.snapshot}. */
export type ProtectionCheck = (real: string) => string | null;

/**
 * The paths the filesystem tools never write (and by default never read): every plugin root, every host
 * protected path, the defaults of {@link defaultProtectedPaths}, and, inside any root, every path with a
 * `node_modules` segment, a code-loading file name ({@link PROTECTED_FILE_NAMES}, `*.pth`) or `.git/hooks`,
 * `.git/config`.
 *
 * Protected directories are compared by real path (symlinks resolved, also for paths that do not exist yet:
 * nearest existing ancestor plus the tail), re-resolved on every call so a folder created later is covered.
 * The default workspace ({@link defaultWorkspace}) is carved out of any protected directory that contains it,
 * so the ovos-tools data dir (or a plugin root such as the home folder) can be protected while its workspace
 * stays usable; name rules still apply inside the workspace.
 */
export class PathProtection {
  /** Every protected path as configured (absolute): host paths first, then plugin roots, then defaults. */
  readonly paths: readonly string[];
  /** The default workspace, carved out of protected directories that contain it. */
  readonly workspace: string;

  constructor(options: PathProtectionOptions = {}) {
    const env = options.env ?? process.env;
    const home = options.home ?? os.homedir();
    const host = [...(options.protectedPaths ?? []), ...(options.pluginRoots ?? [])].filter((p) => typeof p === 'string' && p !== '');
    this.paths = Object.freeze([...new Set([...host.map((p) => path.resolve(p)), ...defaultProtectedPaths(env, home)])]);
    this.workspace = defaultWorkspace(env, home);
  }

  /**
   * Resolves the protected paths now and returns the check for one call: given the real path of a target
   * inside one of `realRoots`, why it is protected (a phrase), or `null`.
   */
  snapshot(realRoots: readonly string[]): ProtectionCheck {
    const workspace = realOrNearest(this.workspace);
    const dirs = this.paths.map((p) => ({ shown: p, real: realOrNearest(p) }));
    return (real: string) => {
      for (const d of dirs) {
        if (!isInside(d.real, real)) continue;
        const carved = d.real !== workspace && isInside(d.real, workspace) && isInside(workspace, real);
        if (!carved) return `it lies in the protected location '${d.shown}'`;
      }
      const root = realRoots.filter((r) => isInside(r, real)).sort((a, b) => b.length - a.length)[0];
      return root === undefined ? null : nameProblem(path.relative(root, real));
    };
  }

  /**
   * Why a sandbox root may not be used, or `null`: it lies inside a protected location (plugin root, config,
   * data or skills folder) or inside a `node_modules` directory. A root that merely contains a protected
   * path is fine: the protected part stays closed.
   */
  rootProblem(root: string): string | null {
    const real = realOrNearest(root);
    const why = this.snapshot([])(real);
    if (why) return why;
    if (real.split(path.sep).some((s) => PROTECTED_DIR_NAMES.has(s.toLowerCase()))) return "it lies inside a 'node_modules' directory";
    return null;
  }
}

/** Why a path relative to its root is protected by name, or `null`. */
function nameProblem(rel: string): string | null {
  if (rel === '') return null;
  const segs = rel.split(path.sep);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!.toLowerCase();
    if (PROTECTED_DIR_NAMES.has(s)) return `'${segs[i]}' folders hold code the provider imports`;
    if (PROTECTED_FILE_NAMES.has(s) || PROTECTED_EXTENSIONS.some((e) => s.endsWith(e))) return `'${segs[i]}' files load code or configuration`;
    if (s === '.git' && i + 1 < segs.length && GIT_CODE_ENTRIES.has(segs[i + 1]!.toLowerCase())) return `'.git/${segs[i + 1]}' runs or defines programs`;
  }
  return null;
}

/**
 * The real path of `p`, or of its nearest existing ancestor joined with the missing tail. Never throws. Uses the C
 * library's `realpath` (`realpathSync.native`): Node's JavaScript one `lstat`s every component of the path, and this
 * runs for every protected path on every call.
 */
function realOrNearest(p: string): string {
  const tail: string[] = [];
  let cur = path.resolve(p);
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(cur), ...tail.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return path.resolve(p);
      tail.push(path.basename(cur));
      cur = parent;
    }
  }
}
