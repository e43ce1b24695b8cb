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

/**
 * Reads this toolbox's config section defensively. A key with the wrong type falls back to its default and
 * adds a problem naming the key; relative paths resolve against the current directory and `~/` expands.
 *
 * - `search_roots`: string[]; default `hostRoots` (the provider's plugin roots, when it passed them), else
 *   `[process.cwd(), $XDG_DATA_HOME/ovos-tools/plugins]`.
 * - `user_skills_dir`: string; default `$XDG_DATA_HOME/ovos-tools/skills`.
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
  const problems: SkillProblem[] = [];
  const list = (key: string, fallback: string[]): string[] => {
    const v = config[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'string') return [resolveUserPath(v)];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map((x) => resolveUserPath(x));
    problems.push({ path: key, reason: `config '${key}' must be a list of path strings; got ${JSON.stringify(v)}. Using the default.` });
    return fallback;
  };
  let userSkillsDir = defaultUserSkillsDir(env);
  const u = config.user_skills_dir;
  if (typeof u === 'string' && u) userSkillsDir = resolveUserPath(u);
  else if (u !== undefined && u !== null) {
    problems.push({
      path: 'user_skills_dir',
      reason: `config 'user_skills_dir' must be a path string; got ${JSON.stringify(u)}. Using the default ${userSkillsDir}.`,
    });
  }
  return {
    settings: {
      searchRoots: list('search_roots', hostRoots ? [...hostRoots] : defaultSearchRoots(env)),
      userSkillsDir,
      extraPaths: list('extra_skill_md_paths', []),
    },
    problems,
  };
}
