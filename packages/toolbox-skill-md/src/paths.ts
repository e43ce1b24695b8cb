import os from 'node:os';
import path from 'node:path';

/**
 * `$XDG_DATA_HOME`, or `~/.local/share` when it is unset, empty or not absolute (XDG Base Directory spec).
 * @param env - the environment to read; default `process.env`.
 */
export function xdgDataHome(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.XDG_DATA_HOME;
  return v && path.isAbsolute(v) ? v : path.join(os.homedir(), '.local', 'share');
}

/** The default per-user skills directory: `$XDG_DATA_HOME/ovos-tools/skills` (`~/.local/share/ovos-tools/skills`). */
export function defaultUserSkillsDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(xdgDataHome(env), 'ovos-tools', 'skills');
}

/**
 * The default `search_roots`: the current directory and the provider's per-user plugin root
 * `$XDG_DATA_HOME/ovos-tools/plugins`. The `node_modules` folder of each root is scanned.
 */
export function defaultSearchRoots(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string[] {
  return [cwd, path.join(xdgDataHome(env), 'ovos-tools', 'plugins')];
}

/** Expands a leading `~` / `~/` to the home directory and resolves the result against `cwd`. */
export function resolveUserPath(p: string, cwd: string = process.cwd()): string {
  const expanded = p === '~' ? os.homedir() : p.startsWith('~/') ? path.join(os.homedir(), p.slice(2)) : p;
  return path.resolve(cwd, expanded);
}
