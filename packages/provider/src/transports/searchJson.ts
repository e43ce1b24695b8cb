import { toolSpecJson, type JsonObject, type OvosSearchHitData, type ToolsSearchResponseData } from '@ovos-tools/core';
import type { HitExplanation } from '../service/HitExplanation.js';
import type { ToolSearchHit, ToolSearchOutcome } from '../service/ToolSearchRequest.js';

/**
 * One search result as `ovos.tools.search.response` and `GET /internal/tools/search` answer it:
 * `{name, toolbox_id, description, summary, tags, score}`; with `includeSchema`, the full spec as `ovos.tools.get`
 * answers it (`argument_schema`, `output_schema`, `examples`, `annotations`, …) plus `score`; with an `explain`
 * on the hit (asked with `explain: true`), its {@link explainJson}.
 */
export function searchHitJson(hit: ToolSearchHit, includeSchema: boolean): OvosSearchHitData {
  const { tool, toolboxId } = hit.entry;
  const explain = hit.explain ? { explain: explainJson(hit.explain) } : {};
  if (includeSchema) return { ...toolSpecJson(tool, toolboxId), ...(hit.timeoutMs !== undefined ? { timeout_ms: hit.timeoutMs } : {}), score: hit.score, ...explain };
  return {
    name: tool.name,
    toolbox_id: toolboxId,
    description: tool.description,
    summary: tool.summary ?? tool.description.split('\n')[0]!,
    tags: [...(tool.tags ?? [])],
    score: hit.score,
    ...explain,
  };
}

/**
 * The `explain` member of a search hit (asked with `explain: true`), the same on every door:
 * `{lexical, semantic, terms: [{term, word, origin, fields}], rankers?}` — `lexical` the BM25 part of the score (this
 * search's best lexical match is 1), `semantic` the cosine of the meaning vectors (`null` when either has none), and
 * per matched index term the request word it came from, how (`query`: said; `lexicon`: added for a word of another
 * language; `concept`: added for a number, unit, operation or clock time; `phrase`: a pair of neighbouring words
 * matching a pair of the tool's example requests) and the fields it matched in (`name`, `summary`, `description`,
 * `tags`, `args`, `examples`, `toolbox`, `utterances`, `phrases`); `rankers` (with a search-ranker package) each
 * ranker's rank and score of the tool: `[{ranker: "lexical"|"model", rank, score}]`.
 */
export function explainJson(explain: HitExplanation): JsonObject {
  const json: JsonObject = { lexical: explain.lexical, semantic: explain.semantic, terms: explain.terms.map((t) => ({ term: t.term, word: t.word, origin: t.origin, fields: [...t.fields] })) };
  if (explain.rankers) json.rankers = explain.rankers.map((r) => ({ ranker: r.ranker, rank: r.rank, score: r.score }));
  return json;
}

/**
 * The body of a search answer, the same on the OVOS bus and HTTP: `{query, tools, total}`, or `{query, tools: [],
 * total: 0, error, code}`; `query` is echoed as sent.
 */
export function searchResponseJson(query: unknown, outcome: ToolSearchOutcome, includeSchema: boolean): ToolsSearchResponseData {
  if (!outcome.ok) return { query: query ?? null, tools: [], total: 0, error: outcome.error.error, code: outcome.error.code };
  return { query, tools: outcome.results.map((hit) => searchHitJson(hit, includeSchema)), total: outcome.total };
}
