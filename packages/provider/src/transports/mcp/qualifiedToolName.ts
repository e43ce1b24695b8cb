import { fromMcpToolName, MCP_TOOL_NAME_MAX, toMcpToolName } from '@ovos-tools/core';

/** What joins a toolbox id and a tool name in an MCP qualified tool name: `<toolbox_id>__<name>`. */
export const MCP_QUALIFIER = '__';

/**
 * The MCP name of a tool that another toolbox's tool of the same name shadows: `<toolbox_id>__<name>`, each part
 * mapped by `toMcpToolName` (so `ovos-filesystem-tools__read_file`), a name models accept as it is.
 * @returns the name, or `undefined` when it would exceed {@link MCP_TOOL_NAME_MAX} characters.
 */
export function toQualifiedMcpToolName(toolboxId: string, name: string): string | undefined {
  const id = toMcpToolName(toolboxId);
  const tool = toMcpToolName(name);
  if (id === undefined || tool === undefined) return undefined;
  const out = `${id}${MCP_QUALIFIER}${tool}`;
  return out.length <= MCP_TOOL_NAME_MAX ? out : undefined;
}

/**
 * Reads an MCP tool name as `<toolbox_id>__<name>`: tries each `__` in turn and answers the first split whose
 * toolbox serves that tool (`serves`), so ids and names that contain `__` themselves still resolve.
 * @returns the toolbox id and tool name, or `undefined` when no split names a served tool.
 */
export function fromQualifiedMcpToolName(mcpName: string, serves: (toolboxId: string, name: string) => boolean): { toolboxId: string; name: string } | undefined {
  for (let at = mcpName.indexOf(MCP_QUALIFIER, 1); at > 0; at = mcpName.indexOf(MCP_QUALIFIER, at + 1)) {
    const toolboxId = fromMcpToolName(mcpName.slice(0, at));
    const name = fromMcpToolName(mcpName.slice(at + MCP_QUALIFIER.length));
    if (toolboxId !== undefined && name !== undefined && serves(toolboxId, name)) return { toolboxId, name };
  }
  return undefined;
}
