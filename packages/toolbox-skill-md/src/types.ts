import type { SkillFrontmatter } from './parsing/frontmatterSchema.js';

/**
 * Where a SKILL.md file was found, in discovery order:
 * - `entry-point`: declared by an installed package under `entryPoints["opm.agents.skill_md"]` in its package.json;
 * - `package`: shipped inside an installed package as `<pkg>/SKILL.md` or `<pkg>/skills/<dir>/SKILL.md`;
 * - `user`: the per-user skills directory (`<user_skills_dir>/<dir>/SKILL.md`);
 * - `extra`: a path listed in the `extra_skill_md_paths` config key.
 */
export type SkillSource = 'entry-point' | 'package' | 'user' | 'extra';

/**
 * One parsed, valid SKILL.md file: the TypeScript form of OVOS's `SkillMDEntry`
 * (ovos-agentic-loop `skills/loader.py`), plus where it came from.
 */
export interface SkillMDEntry {
  /** The raw frontmatter `name` (e.g. `web-search`); reported as `skill_used`. */
  name: string;
  /** The frontmatter `description`, verbatim; becomes the tool description. */
  description: string;
  /** The Markdown after the frontmatter, trimmed; becomes the system prompt. */
  body: string;
  /** The file's real path (symlinks resolved). */
  path: string;
  /** The validated frontmatter: `name`, `description`, the optional Agent Skills fields present, and any other keys. */
  frontmatter: SkillFrontmatter;
  /** The frontmatter mapping exactly as YAML parsed it, unknown keys included. */
  rawFrontmatter: Record<string, unknown>;
  /** Which discovery source found the file first. */
  source: SkillSource;
  /** The npm package that declared or shipped the file, for `entry-point` and `package` sources. */
  packageName?: string;
}

/**
 * A SKILL.md file (or config value, or package declaration) that was skipped, and why. Problems are never
 * fatal: the file is left out and discovery goes on.
 */
export interface SkillProblem {
  /** The file or directory concerned (a real path when it exists), or the config key for config problems. */
  path: string;
  /** What was wrong and, where possible, how to fix it. */
  reason: string;
  /** The discovery source the path came from, when there is one. */
  source?: SkillSource;
}
