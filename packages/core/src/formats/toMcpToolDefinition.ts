import type { ToolDescriptor } from '../host/ToolboxHost.js';
import { plainSchema } from '../wire/toolJson.js';
import { ARGS, vendorName } from './prepareParameters.js';
import { NoteList } from './schemaNodes.js';
import { toDraft2020 } from './toDraft2020.js';
import type { ToolConversion } from './ToolConversion.js';

/** An MCP `Tool` as `tools/list` answers it (MCP spec 2025-06-18 and later, `Tool`). */
export interface McpToolDefinition {
  /** The MCP tool name (1-128 of `A-Za-z0-9_.-`). */
  name: string;
  /** A human-readable name, when the tool has one. */
  title?: string;
  /** The tool description. */
  description: string;
  /** JSON Schema of the arguments: an object schema. */
  inputSchema: { type: 'object'; [keyword: string]: unknown };
  /** JSON Schema of `structuredContent`, when the tool declares an object result. */
  outputSchema?: { type: 'object'; [keyword: string]: unknown };
  /** MCP behaviour hints (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`) and `title`. */
  annotations: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/**
 * One tool as an MCP `Tool`: `inputSchema` is the argument schema and `outputSchema` the output schema, both in JSON
 * Schema 2020-12 (MCP's default dialect; TypeBox's draft-07 tuples are rewritten). MCP requires object roots: an
 * argument schema of another type is served as `type: "object"` (relaxed), and an output schema that is not an
 * object is left out (the result then travels as text only). Annotations come from `readOnly` / `destructive` /
 * `idempotent` / `openWorld`, `title` from the descriptor. The name is MCP-escaped when needed.
 */
export function toMcpToolDefinition(tool: ToolDescriptor): ToolConversion<McpToolDefinition> {
  const notes = new NoteList();
  const name = vendorName(tool, 'mcp', notes);
  const input = plainSchema(tool.argumentSchema);
  toDraft2020(input, ARGS, notes);
  if (input.type !== 'object') {
    notes.add(`${ARGS}/type`, input.type === undefined ? 'rewritten' : 'relaxed', `type: ${JSON.stringify(input.type)}`, 'MCP requires an object inputSchema');
    input.type = 'object';
  }
  const output = plainSchema(tool.outputSchema);
  const annotations: McpToolDefinition['annotations'] = {};
  if (tool.title !== undefined) annotations.title = tool.title;
  if (tool.readOnly !== undefined) annotations.readOnlyHint = tool.readOnly;
  if (tool.destructive !== undefined) annotations.destructiveHint = tool.destructive;
  if (tool.idempotent !== undefined) annotations.idempotentHint = tool.idempotent;
  if (tool.openWorld !== undefined) annotations.openWorldHint = tool.openWorld;
  const definition: McpToolDefinition = { name, description: tool.description, inputSchema: input as McpToolDefinition['inputSchema'], annotations };
  if (tool.title !== undefined) definition.title = tool.title;
  if (output.type === 'object') {
    toDraft2020(output, '/output_schema', notes);
    definition.outputSchema = output as McpToolDefinition['outputSchema'];
  } else {
    notes.add('/output_schema', 'dropped', `output schema of type ${JSON.stringify(output.type)}`, 'MCP outputSchema must be an object schema; the result travels as text only');
  }
  return { ok: true, format: 'mcp', name, definition, notes: notes.notes };
}
