/**
 * @ovos-tools/toolbox-skill-md — OVOS's SKILL.md toolbox (`ovos-skill-md-toolbox`): one tool per installed
 * SKILL.md file, answered by a chat engine with the skill's body as system prompt.
 */
export { SkillMDToolBox } from './SkillMDToolBox.js';
export { SkillCallArgs, SkillCallOutput } from './tools/skillTool.js';
export { SkillFrontmatterSchema } from './parsing/frontmatterSchema.js';
export type { SkillFrontmatter } from './parsing/frontmatterSchema.js';
export type { SkillMDEntry, SkillProblem, SkillSource } from './types.js';
