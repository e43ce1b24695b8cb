import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import type { CatalogEntry } from '../../service/CatalogEntry.js';
import { wireErrors } from '../../service/wireErrors.js';
import { explainJson } from '../searchJson.js';
import { toMcpToolName } from '@ovos-tools/core';
import { ERROR_CODE_META_KEY } from './metaKeys.js';
import { refusalResult } from './refusalResult.js';
import { toMcpTool, type McpToolJson } from './toMcpTool.js';

/** The name of the opt-in meta tool (`mcp.search_tool: true`). */
export const SEARCH_TOOLS_NAME = 'search_tools';

/** The `search_tools` meta tool as `tools/list` offers it. */
export const SEARCH_TOOLS_TOOL: McpToolJson = Object.freeze({
  name: SEARCH_TOOLS_NAME,
  title: 'Search tools',
  description:
    'Find the tools that can do something, in any language, before calling them: this server lists only the tools earlier searches found. ' +
    'Answers the best matches (name, summary, score; with include_schema, the full tool definition). Call a found tool with its name; ' +
    'it is also added to the tool list of this session.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 1000, description: 'What the tool should do, e.g. "set a timer for ten minutes" or "previsão do tempo".' },
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 5, description: 'Most tools to answer.' },
      include_schema: { type: 'boolean', default: false, description: 'Also answer each tool’s inputSchema and outputSchema.' },
      explain: { type: 'boolean', default: false, description: 'Also answer, per tool, why it was found: which request words matched which fields, and how close the meanings are.' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Only tools carrying every one of these tags.' },
    },
    required: ['query'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      tools: { type: 'array', items: { type: 'object' }, description: 'Best first: {name, toolbox_id, description, summary, tags, score} (with include_schema, the MCP tool definition too; with explain, explain).' },
      total: { type: 'integer', description: 'How many of your tools matched before limit.' },
    },
    required: ['tools', 'total'],
  },
  annotations: { title: 'Search tools', readOnlyHint: true, openWorldHint: false },
  _meta: {},
}) as McpToolJson;

/** What a `search_tools` call answers: the `CallToolResult`, and the catalog names of the tools it found. */
export interface SearchToolsAnswer {
  /** The MCP `CallToolResult` (an `isError` result for bad input). */
  result: Record<string, unknown>;
  /** Catalog (not MCP) names of the tools found, for the session's deferred tool list. */
  found: string[];
}

/**
 * Runs `search_tools` with the MCP `arguments` through {@link ToolService.search} for `caller`: only tools the caller
 * may call, named by their MCP names; a name several toolboxes serve appears once, as its collision winner (the one a
 * call by that name runs). Bad input is an `isError` result with our text and code `invalid_request`.
 */
export async function callSearchTools(service: ToolService, caller: Caller, args: unknown): Promise<SearchToolsAnswer> {
  const a = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const refuse = (error: { error: string; code: string }): SearchToolsAnswer => ({ result: refusalResult({ error }), found: [] });
  if (a.include_schema !== undefined && a.include_schema !== null && typeof a.include_schema !== 'boolean') return refuse(wireErrors.invalidIncludeSchema(a.include_schema));
  const outcome = await service.search({
    query: a.query as string,
    ...(a.limit !== undefined && a.limit !== null ? { limit: a.limit as number } : {}),
    ...(a.tags !== undefined && a.tags !== null ? { tags: a.tags as string[] } : {}),
    ...(a.explain !== undefined && a.explain !== null ? { explain: a.explain as boolean } : {}),
    caller,
  });
  if (!outcome.ok) return refuse(outcome.error);
  const winners = new Map(service.collisions().map((c) => [c.name, c.winner]));
  const isWinner = (e: CatalogEntry) => (winners.get(e.tool.name) ?? e.toolboxId) === e.toolboxId;
  const tools: Array<Record<string, unknown>> = [];
  const found: string[] = [];
  for (const { entry, score, explain } of outcome.results) {
    const mcpName = toMcpToolName(entry.tool.name);
    if (mcpName === undefined || !isWinner(entry)) continue;
    found.push(entry.tool.name);
    const t = entry.tool;
    const light = { name: mcpName, toolbox_id: entry.toolboxId, description: t.description, summary: t.summary ?? t.description.split('\n')[0]!, tags: [...(t.tags ?? [])], score, ...(explain ? { explain: explainJson(explain) } : {}) };
    if (a.include_schema !== true) tools.push(light);
    else {
      const { _meta: _omit, ...definition } = toMcpTool(entry, mcpName);
      tools.push({ ...definition, ...light });
    }
  }
  const structured = { query: a.query, tools, total: outcome.total };
  return { result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }, found };
}
