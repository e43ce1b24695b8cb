import { toMcpToolDefinition, type McpToolDefinition } from '@ovos-tools/core';
import type { CatalogEntry } from '../../service/ToolService.js';

/** An MCP `Tool` as `tools/list` answers it (MCP spec 2025-06-18+, `Tool`): core's `McpToolDefinition` plus `_meta`. */
export interface McpToolJson extends McpToolDefinition {
  /** ovos-tools extras: `toolbox_id`, tags, examples. */
  _meta: Record<string, unknown>;
}

/** The `_meta` key naming the toolbox that serves a tool (reverse-DNS prefixed, as MCP asks of `_meta` keys). */
export const TOOLBOX_ID_META_KEY = 'org.openvoiceos/toolbox_id';

/**
 * One catalog entry as an MCP tool: core's `toMcpToolDefinition` (`inputSchema` and `outputSchema` in JSON Schema
 * 2020-12 with object roots; a non-object output schema is left out and the result travels as text only;
 * annotations from `readOnly`/`destructive`/`idempotent`/`openWorld`; `title` from the descriptor), named `mcpName`,
 * with the toolbox id in `_meta`.
 * @param mcpName the tool's MCP name (see `toMcpToolName`).
 */
export function toMcpTool(entry: CatalogEntry, mcpName: string): McpToolJson {
  const converted = toMcpToolDefinition(entry.tool);
  // toMcpToolDefinition never fails (it serves any argument schema as an object, as MCP requires)
  const definition = (converted.ok ? converted.definition : { name: mcpName, description: entry.tool.description, inputSchema: { type: 'object' }, annotations: {} }) as McpToolDefinition;
  return { ...definition, name: mcpName, _meta: { [TOOLBOX_ID_META_KEY]: entry.toolboxId } };
}
