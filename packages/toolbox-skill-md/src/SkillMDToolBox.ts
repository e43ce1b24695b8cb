import { ToolBox, type AgentTool, type ChatEngine, type TObject } from '@ovos-tools/core';
import { SkillMDConfigSchema, readSkillMDSettings } from './config.js';
import { SkillMDLoader } from './SkillMDLoader.js';
import { MAX_SLUG_LENGTH, slugifySkillName } from './slugify.js';
import { createSkillTool } from './tools/skillTool.js';
import type { SkillMDEntry, SkillProblem } from './types.js';

/**
 * Turns installed SKILL.md files into tools: one tool per skill, answered by a chat engine ("brain") with the
 * skill's Markdown body as system prompt. The TypeScript form of OVOS's `SkillMDToolBox`
 * (ovos-agentic-loop `skills/toolbox.py`, entry point `ovos-skill-md-toolbox`; wire spec §5.6–§5.7).
 *
 * Config (this toolbox's section): `search_roots` (string[], directories whose `node_modules` are scanned;
 * default: the host's plugin roots (`options.pluginRoots`, which the provider passes), else
 * `[cwd, $XDG_DATA_HOME/ovos-tools/plugins]`), `user_skills_dir` (default
 * `$XDG_DATA_HOME/ovos-tools/skills`), `extra_skill_md_paths` (string[], OVOS key; files or directories).
 *
 * Tools: named `slugifySkillName(name)`; arguments `{task: string, context?: string | null}`; output
 * `{result: string, skill_used: string}`. A name whose slug is empty or longer than 64 characters is skipped
 * with a problem. When two skills share a slug, the later one wins (as in OVOS) and a warning plus a problem
 * name both files. Files that cannot be used are logged and listed in {@link SkillMDToolBox.problems}; they
 * never make discovery fail.
 *
 * The brain comes from `options.brain` (the provider passes its configured one) or {@link SkillMDToolBox.setBrain};
 * this toolbox never builds one. Without it, tool descriptions end with
 * " (unavailable: no chat engine configured — set the provider's brain config)" and calls fail with
 * `RuntimeError: Tool execution failed for '<tool>' in ToolBox 'ovos-skill-md-toolbox'` (cause: the OVOS
 * message `SkillMDToolBox: brain ChatEngine is not configured. Call set_brain() before invoking tools.`).
 */
export class SkillMDToolBox extends ToolBox {
  static override toolboxId = 'ovos-skill-md-toolbox';
  /** The keys of its config section (the provider checks the section against them at every load). */
  static override configSchema: TObject = SkillMDConfigSchema;

  private readonly loader = new SkillMDLoader();
  private lastProblems: SkillProblem[] = [];
  private lastSkills: SkillMDEntry[] = [];
  private logged = new Set<string>();
  private discovered = false;

  /**
   * What the last discovery skipped or overrode (invalid files, bad config values, slug collisions), with
   * reasons. Runs discovery first if it has not run yet.
   */
  get problems(): readonly SkillProblem[] {
    this.ensureDiscovered();
    return this.lastProblems;
  }

  /** The skills that became tools in the last discovery, in tool order. Runs discovery first if it has not run yet. */
  get skills(): readonly SkillMDEntry[] {
    this.ensureDiscovered();
    return this.lastSkills;
  }

  /** How many times a SKILL.md file has been read and parsed; unchanged files are not parsed again. */
  get parseCount(): number {
    return this.loader.parseCount;
  }

  /** Forgets parsed files so the next discovery re-reads every SKILL.md (OVOS `invalidate_cache`). */
  invalidateCache(): void {
    this.loader.invalidateCache();
  }

  /**
   * Sets (or clears, with `null`) the chat engine and re-runs discovery so tool descriptions say whether the
   * tools are available (OVOS `set_brain`). Calls read the brain at call time, so a brain set here is used
   * by tools discovered earlier too.
   */
  override setBrain(brain: ChatEngine | null): void {
    super.setBrain(brain);
    try {
      this.refreshTools();
    } catch (err) {
      this.logger.debug(`SkillMDToolBox: refresh after setBrain failed: ${(err as Error)?.message ?? err}`);
    }
  }

  /** Discovers SKILL.md files (re-parsing only changed ones) and returns one tool per skill. Never throws. */
  discoverTools(): AgentTool[] {
    const { settings, problems: configProblems } = readSkillMDSettings(this.config, process.env, this.pluginRoots);
    const { entries, problems } = this.loader.load(settings);
    problems.unshift(...configProblems);
    const available = this.brain !== null;
    const bySlug = new Map<string, { tool: AgentTool; entry: SkillMDEntry }>();
    for (const entry of entries) {
      const slug = slugifySkillName(entry.name);
      if (!slug || slug.length > MAX_SLUG_LENGTH) {
        const why = slug ? `is ${slug.length} characters long (at most ${MAX_SLUG_LENGTH})` : 'is empty';
        problems.push({
          path: entry.path,
          source: entry.source,
          reason: `the tool name made from name ${JSON.stringify(entry.name)} ${why}; use a name with letters or digits and at most ${MAX_SLUG_LENGTH} characters`,
        });
        continue;
      }
      const previous = bySlug.get(slug);
      if (previous) {
        problems.push({
          path: entry.path,
          source: entry.source,
          reason: `tool name '${slug}' collision: ${entry.path} (name ${JSON.stringify(entry.name)}) replaces ${previous.entry.path} (name ${JSON.stringify(previous.entry.name)}); the later file wins — rename one of the skills`,
        });
      }
      bySlug.set(slug, { tool: createSkillTool(entry, slug, () => this.brain, available), entry });
    }
    this.discovered = true;
    this.lastProblems = problems;
    this.lastSkills = [...bySlug.values()].map((v) => v.entry);
    this.logNewProblems(problems);
    return [...bySlug.values()].map((v) => v.tool);
  }

  private ensureDiscovered(): void {
    if (!this.discovered) void this.tools;
  }

  /** Logs each problem once while it persists (discovery runs on every bus discover request). */
  private logNewProblems(problems: readonly SkillProblem[]): void {
    const now = new Set<string>();
    for (const p of problems) {
      const key = `${p.path}\0${p.reason}`;
      now.add(key);
      if (!this.logged.has(key)) this.logger.warn(`SkillMDToolBox: skipped ${p.path}: ${p.reason}`);
    }
    this.logged = now;
  }
}
