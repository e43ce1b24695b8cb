import { toMcpToolDefinition, type McpToolDefinition } from '@ovos-tools/core';
import type { CatalogEntry } from '../../service/CatalogEntry.js';

/** An MCP `Tool` as `tools/list` answers it (MCP spec 2025-06-18+, `Tool`): core's `McpToolDefinition` plus `_meta`. */
export interface McpToolJson extends McpToolDefinition {
  /** ovos-tools extras: `toolbox_id`, tags, examples. */
  _meta: Record<string, unknown>;
}

/** The `_meta` key naming the toolbox that serves a tool (reverse-DNS prefixed, as MCP asks of `_meta` keys). */
export const TOOLBOX_ID_META_KEY = 'org.openvoiceos/toolbox_id';

/**
 * The `_meta` key of a tool listed under its qualified name `<toolbox_id>__<name>` because another toolbox's tool of
 * the same name wins that name: the winner's toolbox id.
 */
export const SHADOWED_BY_META_KEY = 'org.openvoiceos/shadowed_by';

/**
 * The output-schema key (`"x-mcp-content": true`) of a tool whose result is an MCP tool result,
 * `{content: [ContentBlock, …], structuredContent?: {…}}` — e.g. a mounted MCP server's tool that declares no
 * `outputSchema` (`@ovos-tools/toolbox-mcp`'s `MCP_CONTENT_RESULT_SCHEMA`). Over MCP its content blocks (text,
 * image, audio, resource_link, resource) are served as they are, and no `outputSchema` is declared.
 */
export const MCP_CONTENT_MARKER = 'x-mcp-content';

/** Whether `tool`'s results are MCP tool results (its output schema carries {@link MCP_CONTENT_MARKER}). */
export function returnsMcpContent(tool: { outputSchema: object }): boolean {
  return (tool.outputSchema as Record<string, unknown>)[MCP_CONTENT_MARKER] === true;
}

/**
 * One catalog entry as an MCP tool: core's `toMcpToolDefinition` (`inputSchema` and `outputSchema` in JSON Schema
 * 2020-12 with object roots; a non-object output schema is left out and the result travels as text only, and so is
 * the output schema of a tool that {@link returnsMcpContent}; annotations from `readOnly`/`destructive`/`idempotent`/
 * `openWorld`; `title` from the descriptor), named `mcpName`, with the toolbox id in `_meta`.
 * @param mcpName the tool's MCP name (see `toMcpToolName`).
 */
export function toMcpTool(entry: CatalogEntry, mcpName: string): McpToolJson {
  const converted = toMcpToolDefinition(entry.tool);
  // toMcpToolDefinition never fails (it serves any argument schema as an object, as MCP requires)
  const definition = (converted.ok ? converted.definition : { name: mcpName, description: entry.tool.description, inputSchema: { type: 'object' }, annotations: {} }) as McpToolDefinition;
  const out: McpToolJson = { ...definition, name: mcpName, _meta: { [TOOLBOX_ID_META_KEY]: entry.toolboxId } };
  if (returnsMcpContent(entry.tool)) delete out.outputSchema;
  return out;
}
