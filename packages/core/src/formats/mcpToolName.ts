/**
 * Characters an escaped MCP tool name carries as themselves; `.` is the escape character there. MCP (spec 2025-11-25,
 * SEP-986) allows `[A-Za-z0-9_.-]{1,128}`: a name of that form passes as it is ({@link MCP_TOOL_NAME}).
 */
const PLAIN = /^[A-Za-z0-9_-]$/;
/** A tool name MCP accepts as it is (spec 2025-11-25, SEP-986): ASCII letters, digits, `_`, `-` and `.`, 1–128 characters. */
export const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const ESCAPED = /\.([0-9a-f]{4})/g;
const WELL_FORMED = /^(?:[A-Za-z0-9_-]|\.[0-9a-f]{4})+$/;

/** The longest MCP tool name (MCP spec 2025-11-25, tool names: 1–128 characters). */
export const MCP_TOOL_NAME_MAX = 128;

/**
 * Maps a tool name to a valid MCP tool name: a name MCP accepts ({@link MCP_TOOL_NAME}: `projects.list`,
 * `read_file`) passes unchanged; any other is escaped, reversibly: letters, digits, `_` and `-` stay, every other
 * UTF-16 code unit becomes `.` plus its four lowercase hex digits (`.` → `.002e`, a space → `.0020`), so
 * `odd name.v2` → `odd.0020name.002ev2`. Valid OVOS names (`TOOL_NAME_PATTERN`) never change.
 * @returns the MCP name, or `undefined` when the result would exceed {@link MCP_TOOL_NAME_MAX} characters.
 */
export function toMcpToolName(name: string): string | undefined {
  if (MCP_TOOL_NAME.test(name)) return name;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    out += PLAIN.test(ch) ? ch : `.${name.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out.length >= 1 && out.length <= MCP_TOOL_NAME_MAX ? out : undefined;
}

/**
 * The inverse of {@link toMcpToolName} for an escaped name (`odd.0020name.002ev2` → `odd name.v2`); any other name MCP
 * accepts is its own (`projects.list`). A name that is both (`a.0020b`) is read as escaped here: a catalog that may
 * hold the name itself looks it up as it is first.
 * @returns the tool name, or `undefined` when `mcpName` is no MCP tool name.
 */
export function fromMcpToolName(mcpName: string): string | undefined {
  if (typeof mcpName !== 'string' || mcpName.length > MCP_TOOL_NAME_MAX) return undefined;
  if (WELL_FORMED.test(mcpName)) return mcpName.replace(ESCAPED, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return MCP_TOOL_NAME.test(mcpName) ? mcpName : undefined;
}
