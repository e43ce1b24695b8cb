import os from 'node:os';
import path from 'node:path';

/**
 * Where ovos-tools keeps its data: `$XDG_DATA_HOME/ovos-tools`, default `~/.local/share/ovos-tools` (a
 * relative `XDG_DATA_HOME` is ignored, as the XDG spec says). Holds the per-user plugin root (`plugins`),
 * skills (`skills`) and the agents' workspace (`workspace`).
 *
 * @param env - environment to read `XDG_DATA_HOME` from; default `process.env`.
 * @param home - home directory; default `os.homedir()`.
 */
export function ovosToolsDataDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const base = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(home, '.local', 'share');
  return path.join(base, 'ovos-tools');
}

/**
 * The dedicated folder tools that touch files work in when the operator configures no root:
 * `$XDG_DATA_HOME/ovos-tools/workspace` (`~/.local/share/ovos-tools/workspace`). Nothing that loads code or
 * configuration reads it, so anything written there stays data. Toolboxes create it on start.
 */
export function defaultWorkspace(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return path.join(ovosToolsDataDir(env, home), 'workspace');
}
