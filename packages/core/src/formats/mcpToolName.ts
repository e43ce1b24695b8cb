/**
 * Characters an MCP tool name may carry as themselves. MCP allows `[A-Za-z0-9_.-]{1,128}`; `.` is reserved as the
 * escape character, so every name maps to exactly one MCP name and back.
 */
const PLAIN = /^[A-Za-z0-9_-]$/;
const ESCAPED = /\.([0-9a-f]{4})/g;
const WELL_FORMED = /^(?:[A-Za-z0-9_-]|\.[0-9a-f]{4})+$/;

/** The longest MCP tool name (MCP spec 2025-11-25, tool names: 1–128 characters). */
export const MCP_TOOL_NAME_MAX = 128;

/**
 * Maps a tool name to a valid MCP tool name, reversibly: letters, digits, `_` and `-` stay; every other UTF-16
 * code unit becomes `.` plus its four lowercase hex digits (`.` → `.002e`, a space → `.0020`). Names that are
 * valid OVOS names (`TOOL_NAME_PATTERN`) never change.
 * @returns the MCP name, or `undefined` when the result would exceed {@link MCP_TOOL_NAME_MAX} characters.
 */
export function toMcpToolName(name: string): string | undefined {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    out += PLAIN.test(ch) ? ch : `.${name.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out.length >= 1 && out.length <= MCP_TOOL_NAME_MAX ? out : undefined;
}

/**
 * The inverse of {@link toMcpToolName}.
 * @returns the tool name, or `undefined` when `mcpName` is not a name {@link toMcpToolName} produces.
 */
export function fromMcpToolName(mcpName: string): string | undefined {
  if (typeof mcpName !== 'string' || mcpName.length > MCP_TOOL_NAME_MAX || !WELL_FORMED.test(mcpName)) return undefined;
  return mcpName.replace(ESCAPED, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
