import type { ToolDescriptor } from '@ovos-tools/core';
import { MCP_CONTENT_RESULT_SCHEMA } from './contentResultSchema.js';

/** The parts of an MCP `Tool` (from `tools/list`) this mapping reads. */
export interface McpTool {
  /** The MCP tool name. */
  name: string;
  /** Its human-readable title. */
  title?: string;
  /** Its description. */
  description?: string;
  /** JSON Schema of its arguments. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema of its `structuredContent`, when declared. */
  outputSchema?: Record<string, unknown>;
  /** MCP behaviour hints, as the server declares them. */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/** Our tool names: 1-64 of letters, digits, `_` and `-` (core `TOOL_NAME_PATTERN`). MCP also allows `.` and up to 128. */
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * One MCP tool as our {@link ToolDescriptor}, served as `servedName` (the server's name with the configured
 * prefix): `inputSchema` → `argumentSchema`, `outputSchema` → `outputSchema` (or, when the server declares none,
 * {@link MCP_CONTENT_RESULT_SCHEMA}: the result is then `{content: [...], structuredContent?}`), the `*Hint`
 * annotations → `readOnly`/`destructive`/`idempotent`/`openWorld`, `title` (or `annotations.title`) → `title`,
 * and the tags `mcp` and the server name.
 * @returns the descriptor, or a reason why the tool cannot be served (a name our wire format does not allow).
 */
export function toToolDescriptor(tool: McpTool, serverName: string, servedName: string = tool?.name): { ok: true; descriptor: ToolDescriptor } | { ok: false; error: string } {
  if (typeof servedName !== 'string' || !NAME.test(servedName)) {
    const as = servedName !== tool?.name ? ` (served as ${JSON.stringify(servedName)})` : '';
    return { ok: false, error: `tool ${JSON.stringify(tool?.name)}${as} of MCP server '${serverName}' is skipped: tool names must be 1-64 letters, digits, "_" or "-"` };
  }
  const input = tool.inputSchema && typeof tool.inputSchema === 'object' ? structuredClone(tool.inputSchema) : { type: 'object' };
  const d: ToolDescriptor = {
    name: servedName,
    description: typeof tool.description === 'string' && tool.description ? tool.description : `${tool.name} (MCP server ${serverName})`,
    argumentSchema: input,
    outputSchema: structuredClone(tool.outputSchema && typeof tool.outputSchema === 'object' ? tool.outputSchema : MCP_CONTENT_RESULT_SCHEMA),
    tags: ['mcp', serverName],
  };
  const title = tool.title ?? tool.annotations?.title;
  if (typeof title === 'string') d.title = title;
  const a = tool.annotations ?? {};
  if (typeof a.readOnlyHint === 'boolean') d.readOnly = a.readOnlyHint;
  if (typeof a.destructiveHint === 'boolean') d.destructive = a.destructiveHint;
  if (typeof a.idempotentHint === 'boolean') d.idempotent = a.idempotentHint;
  if (typeof a.openWorldHint === 'boolean') d.openWorld = a.openWorldHint;
  return { ok: true, descriptor: d };
}
