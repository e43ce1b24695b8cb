import { plainSchema } from '@ovos-tools/core';
import type { CatalogEntry } from '../../service/ToolService.js';

/** An MCP `Tool` as `tools/list` answers it (MCP spec 2025-06-18+, `Tool`). */
export interface McpToolJson {
  /** The tool name. */
  name: string;
  /** A human-readable name, when the tool has one. */
  title?: string;
  /** The tool description. */
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema of `structuredContent`, when the tool declares one. */
  outputSchema?: Record<string, unknown>;
  /** MCP behaviour hints (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`). */
  annotations: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** ovos-tools extras: `toolbox_id`, tags, examples. */
  _meta: Record<string, unknown>;
}

/** The `_meta` key naming the toolbox that serves a tool (reverse-DNS prefixed, as MCP asks of `_meta` keys). */
export const TOOLBOX_ID_META_KEY = 'org.openvoiceos/toolbox_id';

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
 * One catalog entry as an MCP tool: `inputSchema` is the argument schema and `outputSchema` the output schema
 * (both plain JSON Schema; MCP requires an object root, so a non-object output schema is left out and the result
 * travels as text only; so is the schema of a tool that {@link returnsMcpContent}), annotations from `readOnly`/`destructive`/`idempotent`/`openWorld`, `title` from the
 * descriptor, and the toolbox id in `_meta`.
 * @param mcpName the tool's MCP name (see `toMcpToolName`).
 */
export function toMcpTool(entry: CatalogEntry, mcpName: string): McpToolJson {
  const { tool } = entry;
  const input = plainSchema(tool.argumentSchema);
  if (input.type !== 'object') input.type = 'object';
  const output = plainSchema(tool.outputSchema);
  const annotations: McpToolJson['annotations'] = {};
  if (tool.title !== undefined) annotations.title = tool.title;
  if (tool.readOnly !== undefined) annotations.readOnlyHint = tool.readOnly;
  if (tool.destructive !== undefined) annotations.destructiveHint = tool.destructive;
  if (tool.idempotent !== undefined) annotations.idempotentHint = tool.idempotent;
  if (tool.openWorld !== undefined) annotations.openWorldHint = tool.openWorld;
  const out: McpToolJson = { name: mcpName, description: tool.description, inputSchema: input, annotations, _meta: { [TOOLBOX_ID_META_KEY]: entry.toolboxId } };
  if (tool.title !== undefined) out.title = tool.title;
  if (output.type === 'object' && output[MCP_CONTENT_MARKER] !== true) out.outputSchema = output;
  return out;
}
