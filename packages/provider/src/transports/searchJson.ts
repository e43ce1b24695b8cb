import { toolSpecJson, type OvosSearchHitData, type ToolsSearchResponseData } from '@ovos-tools/core';
import type { ToolSearchHit, ToolSearchOutcome } from '../service/ToolService.js';

/**
 * One search result as `ovos.tools.search.response` and `GET /internal/tools/search` answer it:
 * `{name, toolbox_id, description, summary, tags, score}`; with `includeSchema`, the full spec as `ovos.tools.get`
 * answers it (`argument_schema`, `output_schema`, `examples`, `annotations`, …) plus `score`.
 */
export function searchHitJson(hit: ToolSearchHit, includeSchema: boolean): OvosSearchHitData {
  const { tool, toolboxId } = hit.entry;
  if (includeSchema) return { ...toolSpecJson(tool, toolboxId), ...(hit.timeoutMs !== undefined ? { timeout_ms: hit.timeoutMs } : {}), score: hit.score };
  return {
    name: tool.name,
    toolbox_id: toolboxId,
    description: tool.description,
    summary: tool.summary ?? tool.description.split('\n')[0]!,
    tags: [...(tool.tags ?? [])],
    score: hit.score,
  };
}

/**
 * The body of a search answer, the same on the OVOS bus and HTTP: `{query, tools, total}`, or `{query, tools: [],
 * total: 0, error, code}`; `query` is echoed as sent.
 */
export function searchResponseJson(query: unknown, outcome: ToolSearchOutcome, includeSchema: boolean): ToolsSearchResponseData {
  if (!outcome.ok) return { query: query ?? null, tools: [], total: 0, error: outcome.error.error, code: outcome.error.code };
  return { query, tools: outcome.results.map((hit) => searchHitJson(hit, includeSchema)), total: outcome.total };
}
