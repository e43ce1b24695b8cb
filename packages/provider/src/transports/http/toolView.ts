import { plainSchema } from '@ovos-tools/core';
import type { CatalogEntry } from '../../service/CatalogEntry.js';

/** What `GET /internal/tools` query parameters add to each entry. */
export interface ToolViewOptions {
  /** `summary=true`: the light catalog entry (no schemas). */
  summary?: boolean;
  /** `examples=true`: add the tool's examples. */
  examples?: boolean;
  /** The full definition (`GET /internal/tools/{tool_id}`): tags, summary, annotations, examples, timeout, confirmation template. */
  full?: boolean;
  /** With `full`: the time limit its calls run under, ms (`timeout_ms`; default the tool's own, when it has one). */
  timeoutMs?: number;
}

/**
 * One tool in the seed's HTTP shape: `{id, name, description, input_schema, output_schema, executor, toolbox_id}`.
 * `id` is the tool name callers pass as `tool_id`; `name` is the human title (the tool name when it has none);
 * `executor` is how its toolbox runs (`http`, `worker`, `inline`, `process`, `bus`, `mcp`); `shadowed_by` (when
 * another toolbox's tool of the same name wins `tool_id`) names that toolbox: call this one with its `toolbox_id`.
 */
export function toolView(entry: CatalogEntry, options: ToolViewOptions = {}): Record<string, unknown> {
  const t = entry.tool;
  const base = { id: t.name, name: t.title ?? t.name };
  if (options.summary) {
    const view: Record<string, unknown> = { ...base, summary: t.summary ?? t.description.split('\n')[0], tags: [...(t.tags ?? [])], toolbox_id: entry.toolboxId, executor: entry.kind };
    if (options.examples) view.examples = [...(t.examples ?? [])];
    if (entry.shadowedBy !== undefined) view.shadowed_by = entry.shadowedBy;
    return view;
  }
  const view: Record<string, unknown> = {
    ...base,
    description: t.description,
    input_schema: plainSchema(t.argumentSchema),
    output_schema: plainSchema(t.outputSchema),
    executor: entry.kind,
    toolbox_id: entry.toolboxId,
  };
  if (options.full) {
    view.summary = t.summary ?? t.description.split('\n')[0];
    view.tags = [...(t.tags ?? [])];
    view.annotations = {
      ...(t.readOnly !== undefined ? { read_only: t.readOnly } : {}),
      ...(t.destructive !== undefined ? { destructive: t.destructive } : {}),
      ...(t.idempotent !== undefined ? { idempotent: t.idempotent } : {}),
      ...(t.openWorld !== undefined ? { open_world: t.openWorld } : {}),
    };
    const timeoutMs = options.timeoutMs ?? t.timeoutMs;
    if (timeoutMs !== undefined) view.timeout_ms = timeoutMs;
    if (t.confirmation !== undefined) view.confirmation = typeof t.confirmation === 'string' ? t.confirmation : { ...t.confirmation };
  }
  if (options.examples || options.full) view.examples = [...(t.examples ?? [])];
  if (entry.shadowedBy !== undefined) view.shadowed_by = entry.shadowedBy;
  return view;
}
