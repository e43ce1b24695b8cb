/** The longest tool name a skill may produce (OpenAI function-name limit, core `TOOL_NAME_PATTERN`). */
export const MAX_SLUG_LENGTH = 64;

/**
 * Turns a SKILL.md `name` into a tool name with OVOS's rule
 * `re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")` (ovos-agentic-loop `skills/toolbox.py` `_slugify`):
 * lower-case, every run of characters outside `a-z0-9` becomes one `_`, leading/trailing `_` removed.
 *
 * @example slugifySkillName('web-search') // 'web_search'
 * @example slugifySkillName('My Cool Tool') // 'my_cool_tool'
 * @example slugifySkillName('--web--') // 'web'
 * @returns the slug; may be `''` (e.g. for `'!!!'`) or longer than {@link MAX_SLUG_LENGTH} — callers check.
 */
export function slugifySkillName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
