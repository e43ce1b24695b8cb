import { toolJson, toolSummaryJson, type JsonObject } from '@ovos-tools/core';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';

/**
 * The data of `ovos.tools.list.response` (wire spec §4.4): `{tools: [{name, description, argument_schema,
 * output_schema, toolbox_id}, ...]}` over the toolboxes in load order, colliding names once per toolbox.
 * With `{"summary": true}`: light entries `{name, summary, tags, toolbox_id}` (seed 004). `{"tags": [...]}`
 * (or one string) keeps tools carrying every tag (AND). When names collide, `collisions:
 * [{name, toolbox_ids, winner}]` is added. A `tags` of the wrong type answers `{tools: [], error, code}`.
 */
export function listToolsResponse(registry: RegistryGeneration, data: JsonObject): JsonObject {
  const tags = data.tags;
  let wanted: string[] = [];
  if (typeof tags === 'string') wanted = [tags];
  else if (Array.isArray(tags) && tags.every((t) => typeof t === 'string')) wanted = tags as string[];
  else if (tags !== undefined && tags !== null) {
    return { tools: [], error: `Invalid field 'tags': expected a list of strings, received ${JSON.stringify(tags)}`, code: 'invalid_request' };
  }
  const summary = data.summary === true;
  const tools: JsonObject[] = [];
  for (const toolbox of registry.toolboxes) {
    for (const tool of registry.toolsByToolbox.get(toolbox) ?? []) {
      if (wanted.length && !wanted.every((t) => tool.tags?.includes(t))) continue;
      tools.push(summary ? { ...toolSummaryJson(tool, toolbox.toolboxId) } : { ...toolJson(tool), toolbox_id: toolbox.toolboxId });
    }
  }
  const out: JsonObject = { tools };
  if (registry.collisions.length) {
    out.collisions = registry.collisions.map((c) => ({ name: c.name, toolbox_ids: c.toolboxIds, winner: c.winner }));
  }
  return out;
}
