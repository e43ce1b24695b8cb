import type { CatalogEntry } from '../service/CatalogEntry.js';

/**
 * One allowlist entry of an agent, as written in config:
 * - `"get_current_datetime"` — a tool name;
 * - `"fs.*"`, `"*_file"` — a glob over tool names (`*` any run, `?` one character);
 * - `"toolbox:ovos-math-tools"` — every tool of a toolbox (globs allowed: `toolbox:ovos-*`);
 * - `"tag:read-only"` — every tool carrying that tag;
 * - `"annotation:destructive"` — every tool that declares that behaviour hint true (`destructive`, `read_only`,
 *   `idempotent`, `open_world`; MCP's `destructiveHint`, …); a tool that does not declare it is not matched;
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

/** The behaviour hints an `annotation:` rule may name (the wire's annotation keys) and the descriptor field of each. */
export const ANNOTATION_RULES = { destructive: 'destructive', read_only: 'readOnly', idempotent: 'idempotent', open_world: 'openWorld' } as const;

/**
 * What is wrong with a rule that can never mean what was written (an `annotation:` naming no known hint), or `null`.
 * Config parsers report it, since such a rule would silently match nothing.
 */
export function toolRuleProblem(text: ToolRule): string | null {
  if (!text.startsWith('annotation:') || Object.hasOwn(ANNOTATION_RULES, text.slice(11))) return null;
  return `unknown annotation in rule ${JSON.stringify(text)} (expected one of ${Object.keys(ANNOTATION_RULES).map((a) => `annotation:${a}`).join(', ')})`;
}

/** Compiles one rule; never throws (an `annotation:` naming no known hint matches nothing: see {@link toolRuleProblem}). */
export function compileToolRule(text: ToolRule): CompiledToolRule {
  if (text.startsWith('annotation:')) {
    const field = Object.hasOwn(ANNOTATION_RULES, text.slice(11)) ? ANNOTATION_RULES[text.slice(11) as keyof typeof ANNOTATION_RULES] : undefined;
    return { text, matches: (e) => field !== undefined && (e.tool as unknown as Record<string, unknown>)[field] === true };
  }
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
