import { toolSpecJson, type JsonObject } from '@ovos-tools/core';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import { invalidNameText, MISSING_NAME, readRequestName, unknownToolText } from './requestName.js';

/**
 * The data of `ovos.tools.get.response` (wire spec §4.4): the full spec `{name, description, argument_schema,
 * output_schema, toolbox_id, summary, tags, examples, annotations, ...}`, or `{error, code}` — OVOS texts
 * `Missing required field: 'name'` and `Unknown tool: '<name>'` (no `name` key on errors, as OVOS).
 */
export function getToolResponse(registry: RegistryGeneration, data: JsonObject): JsonObject {
  const name = readRequestName(data.name);
  if (name.kind === 'missing') return { error: MISSING_NAME, code: 'missing_name' };
  if (name.kind === 'invalid') return { error: invalidNameText(name.received), code: 'invalid_request' };
  const entry = registry.lookup(name.name);
  if (!entry) return { error: unknownToolText(name.name), code: 'unknown_tool' };
  return { ...toolSpecJson(entry.tool, entry.toolbox.toolboxId) };
}
