import type { McpToolSelection } from './serverConfig.js';

/** A compiled {@link McpToolSelection}: which server tools are served, and under which name. */
export interface ToolSelection {
  /** The name tool `serverName` is served under (`prefix` + name), or `undefined` when `include`/`exclude` leave it out. */
  servedName(serverName: string): string | undefined;
  /** The plain names (no wildcard) in `include` that none of `serverNames` matches: likely typos, worth a warning. */
  unmatchedIncludes(serverNames: readonly string[]): string[];
}

/**
 * Compiles a server's `prefix`, `include` and `exclude`. Names and globs are matched against the tool names the
 * server lists (before the prefix), whole-name: `*` matches any run of characters, `?` one character, everything
 * else itself (the same globs as agents' tool rules). A tool is served when `include` is absent or one of its
 * entries matches, and no `exclude` entry matches.
 */
export function compileToolSelection(selection: McpToolSelection): ToolSelection {
  const include = selection.include?.map(globToRegExp);
  const exclude = (selection.exclude ?? []).map(globToRegExp);
  return {
    servedName(name) {
      if (include && !include.some((re) => re.test(name))) return undefined;
      if (exclude.some((re) => re.test(name))) return undefined;
      return (selection.prefix ?? '') + name;
    },
    unmatchedIncludes(names) {
      return (selection.include ?? []).filter((g) => !/[*?]/.test(g) && !names.includes(g));
    },
  };
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
