import { Type } from '@ovos-tools/core';
import { configProblemText, readConfig } from '@ovos-tools/core/node';
import { defaultSearchRoots, defaultUserSkillsDir, resolveUserPath } from './paths.js';
import type { SkillProblem } from './types.js';

/** The SKILL.md toolbox's config, after defaults and type checks (keys as in OVOS config, snake_case on the wire). */
export interface SkillMDSettings {
  /** Config `search_roots`: directories whose `node_modules` are scanned; absolute. */
  searchRoots: string[];
  /** Config `user_skills_dir`: the per-user skills directory; absolute. */
  userSkillsDir: string;
  /** Config `extra_skill_md_paths` (OVOS key): extra SKILL.md files or directories; absolute. */
  extraPaths: string[];
}

/** The toolbox id, as config problem texts name it. */
const OWNER = 'ovos-skill-md-toolbox';

/** A path, or a list of paths (relative ones resolve against the current directory; `~/` expands). */
const pathList = (description: string, options: { default?: string[] } = {}) =>
  Type.Union([Type.String(), Type.Array(Type.String())], { description, ...options });

/** The keys of the toolbox's config section; the defaults of the first two depend on the environment. */
export const SkillMDConfigSchema = Type.Object({
  user_skills_dir: Type.Optional(Type.String({ minLength: 1, description: 'The per-user skills directory; default `$XDG_DATA_HOME/ovos-tools/skills`.' })),
  search_roots: Type.Optional(
    pathList("Directories whose `node_modules` are scanned; default the provider's plugin roots, else the current directory and `$XDG_DATA_HOME/ovos-tools/plugins`."),
  ),
  extra_skill_md_paths: pathList('Extra SKILL.md files or directories (OVOS key).', { default: [] }),
});

/**
 * Reads this toolbox's config section defensively. A key with the wrong type falls back to its default and
 * adds a problem naming the key (`path` is the key; `reason` reads
 * `ovos-skill-md-toolbox config '<key>': must be ..., received ...`); relative paths resolve against the current
 * directory and `~/` expands.
 *
 * - `search_roots`: string[]; default `hostRoots` (the provider's plugin roots, when it passed them), else
 *   `[process.cwd(), $XDG_DATA_HOME/ovos-tools/plugins]`.
 * - `user_skills_dir`: non-empty string; default `$XDG_DATA_HOME/ovos-tools/skills`.
 * - `extra_skill_md_paths`: string[]; default `[]`.
 * A single string is accepted where a list is expected.
 */
export function readSkillMDSettings(
  config: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = process.env,
  hostRoots?: readonly string[],
): {
  settings: SkillMDSettings;
  problems: SkillProblem[];
} {
  const { config: c, problems } = readConfig(SkillMDConfigSchema, config);
  const paths = (v: string | string[]): string[] => (typeof v === 'string' ? [v] : v).map((p) => resolveUserPath(p));
  return {
    settings: {
      searchRoots: c.search_roots === undefined ? (hostRoots ? [...hostRoots] : defaultSearchRoots(env)) : paths(c.search_roots),
      userSkillsDir: c.user_skills_dir === undefined ? defaultUserSkillsDir(env) : resolveUserPath(c.user_skills_dir),
      extraPaths: paths(c.extra_skill_md_paths),
    },
    problems: problems.map((p) => ({ path: p.key, reason: configProblemText(OWNER, p) })),
  };
}
