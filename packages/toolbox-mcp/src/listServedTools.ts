import type { Client } from '@modelcontextprotocol/client';
import type { Logger, ToolDescriptor } from '@ovos-tools/core';
import type { ToolSelection } from './compileToolSelection.js';
import { toToolDescriptor, type McpTool } from './toToolDescriptor.js';

/** What a call needs of one served tool. */
export interface ServedTool {
  /** The tool's name on the MCP server (without the prefix). */
  mcpName: string;
  /** Its argument schema, as the server declared it. */
  input: object;
  /** Its output schema, when the server declared one (then `structuredContent` is the result). */
  output?: object;
}

/** A server's tools as served: descriptors in the server's order, and each by its served name. */
export interface ServedTools {
  /** The descriptors, named as served. */
  tools: ToolDescriptor[];
  /** Each served tool by its served name. */
  served: Map<string, ServedTool>;
}

/**
 * Lists every tool of the server (all pages) and keeps the ones `selection` serves, renamed with its prefix.
 * Tools our wire format cannot carry, and a name listed twice, are logged and skipped; a plain name in `include`
 * that the server does not list is logged (a likely typo).
 * @throws what the SDK client throws when `tools/list` fails.
 */
export async function listServedTools(client: Client, toolboxId: string, selection: ToolSelection, logger: Logger): Promise<ServedTools> {
  const result = await client.listTools();
  const listed = (result.tools ?? []) as McpTool[];
  const tools: ToolDescriptor[] = [];
  const served = new Map<string, ServedTool>();
  for (const tool of listed) {
    if (typeof tool?.name !== 'string') continue;
    const name = selection.servedName(tool.name);
    if (name === undefined) continue;
    const mapped = toToolDescriptor(tool, toolboxId, name);
    if (!mapped.ok) {
      logger.warn(mapped.error);
      continue;
    }
    if (served.has(name)) {
      logger.warn(`MCP server '${toolboxId}' lists tool '${tool.name}' twice; the first is served`);
      continue;
    }
    tools.push(mapped.descriptor);
    served.set(name, { mcpName: tool.name, input: mapped.descriptor.argumentSchema, ...(tool.outputSchema ? { output: mapped.descriptor.outputSchema } : {}) });
  }
  const missing = selection.unmatchedIncludes(listed.map((t) => t?.name));
  if (missing.length) logger.warn(`MCP server '${toolboxId}': servers.${toolboxId}.include names ${missing.map((m) => `'${m}'`).join(', ')}, which the server does not list`);
  return { tools, served };
}
