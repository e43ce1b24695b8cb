/**
 * Size limits on SKILL.md files, applied before the expensive steps so a hostile file cannot hold start-up or a
 * reload (a 950 kB file with 90,000 frontmatter keys held start-up for about 2 minutes before these limits). A
 * file over a limit is skipped with a problem naming the file and the limit; other skills still load. Real
 * skills are far below all of them (a typical frontmatter is a few hundred bytes with under ten keys).
 */

/** Largest SKILL.md file read, in bytes (256 KiB); checked with `stat` before the file is read. */
export const MAX_SKILL_MD_BYTES = 256 * 1024;

/** Largest YAML frontmatter block, in bytes of UTF-8 (16 KiB); checked before YAML parsing. */
export const MAX_FRONTMATTER_BYTES = 16 * 1024;

/** Most keys in the frontmatter, counted over every mapping at any depth (256); checked before conversion. */
export const MAX_FRONTMATTER_KEYS = 256;

/** Most `[`/`{` flow-collection levels and indentation levels in the frontmatter (32); checked before YAML parsing. */
export const MAX_FRONTMATTER_DEPTH = 32;

/** Most alias expansions while converting the frontmatter (100; yaml's `maxAliasCount`), against alias bombs. */
export const MAX_FRONTMATTER_ALIASES = 100;
