/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { SkillMDToolBox } from './SkillMDToolBox.js';
export { SkillMDLoader } from './SkillMDLoader.js';
export { MAX_FRONTMATTER_ALIASES, MAX_FRONTMATTER_BYTES, MAX_FRONTMATTER_DEPTH, MAX_FRONTMATTER_KEYS, MAX_SKILL_MD_BYTES } from './parsing/limits.js';
export { parseSkillMd } from './parsing/parseSkillMd.js';
export type { InvalidSkillMd, ParsedSkillMd } from './parsing/parseSkillMd.js';
export { SkillFrontmatterSchema } from './parsing/frontmatterSchema.js';
export type { SkillFrontmatter } from './parsing/frontmatterSchema.js';
export { findSkillFiles, SKILL_MD_ENTRY_POINT_GROUP } from './discovery/findSkillFiles.js';
export type { SkillCandidate } from './discovery/findSkillFiles.js';
export { listInstalledPackages } from './discovery/installedPackages.js';
export type { InstalledPackage } from './discovery/installedPackages.js';
export { readSkillMDSettings } from './config.js';
export type { SkillMDSettings } from './config.js';
export { defaultSearchRoots, defaultUserSkillsDir, xdgDataHome } from './paths.js';
export { MAX_SLUG_LENGTH, slugifySkillName } from './slugify.js';
export { createSkillTool, NO_BRAIN_MESSAGE, SkillCallArgs, SkillCallOutput, skillUserContent, UNAVAILABLE_SUFFIX } from './tools/skillTool.js';
export type { SkillMDEntry, SkillProblem, SkillSource } from './types.js';
