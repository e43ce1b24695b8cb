import type { CatalogEntry } from '../service/ToolService.js';

/**
 * One allowlist entry of an agent, as written in config:
 * - `"get_current_datetime"` — a tool name;
 * - `"fs.*"`, `"*_file"` — a glob over tool names (`*` any run, `?` one character);
 * - `"toolbox:ovos-math-tools"` — every tool of a toolbox (globs allowed: `toolbox:ovos-*`);
 * - `"tag:read-only"` — every tool carrying that tag;
 * - `"*"` — everything.
 */
export type ToolRule = string;

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** A compiled {@link ToolRule}: `matches(entry)` and the rule's text for refusal messages. */
export interface CompiledToolRule {
  /** The rule as written in the config, e.g. `math.*`. */
  readonly text: string;
  /** Whether the rule covers `entry`. */
  matches(entry: CatalogEntry): boolean;
}

/** Compiles one rule; never throws (every string is a valid rule). */
export function compileToolRule(text: ToolRule): CompiledToolRule {
  if (text.startsWith('tag:')) {
    const tag = text.slice(4);
    return { text, matches: (e) => (e.tool.tags ?? []).includes(tag) };
  }
  if (text.startsWith('toolbox:')) {
    const re = globToRegExp(text.slice(8));
    return { text, matches: (e) => re.test(e.toolboxId) };
  }
  const re = globToRegExp(text);
  return { text, matches: (e) => re.test(e.tool.name) };
}
