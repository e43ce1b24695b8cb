import type { ToolDescriptor } from '@ovos-tools/core';

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
 * One MCP tool as our {@link ToolDescriptor}: `inputSchema` → `argumentSchema`, `outputSchema` (or `{type:'object'}`
 * when the server declares none; the result is then `{content: [...]}`) → `outputSchema`, the `*Hint` annotations →
 * `readOnly`/`destructive`/`idempotent`/`openWorld`, `title` (or `annotations.title`) → `title`, and the tag `mcp`.
 * @returns the descriptor, or a reason why the tool cannot be served (a name our wire format does not allow).
 */
export function toToolDescriptor(tool: McpTool, serverName: string): { ok: true; descriptor: ToolDescriptor } | { ok: false; error: string } {
  if (typeof tool?.name !== 'string' || !NAME.test(tool.name)) {
    return { ok: false, error: `tool ${JSON.stringify(tool?.name)} of MCP server '${serverName}' is skipped: tool names must be 1-64 letters, digits, "_" or "-"` };
  }
  const input = tool.inputSchema && typeof tool.inputSchema === 'object' ? structuredClone(tool.inputSchema) : { type: 'object' };
  const d: ToolDescriptor = {
    name: tool.name,
    description: typeof tool.description === 'string' && tool.description ? tool.description : `${tool.name} (MCP server ${serverName})`,
    argumentSchema: input,
    outputSchema: tool.outputSchema && typeof tool.outputSchema === 'object' ? structuredClone(tool.outputSchema) : { type: 'object' },
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
