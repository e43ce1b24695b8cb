import type { JsonObject } from '@ovos-tools/core';
import type { ToolsProvider } from '../ToolsProvider.js';

/**
 * The data of `ovos.tools.reload.response`: `{loaded, total_tools}` exactly as OVOS (entry-point names),
 * plus `generation`, `added`, `removed`, `updated`, `problems: [{entry_point, package, error}]` and `duration_ms`.
 */
export async function reloadToolsResponse(provider: ToolsProvider): Promise<JsonObject> {
  const r = await provider.reload();
  return {
    loaded: r.loaded,
    total_tools: r.totalTools,
    generation: r.generation,
    added: r.added,
    removed: r.removed,
    updated: r.updated,
    problems: r.problems.map((p) => ({ entry_point: p.entryPoint, package: p.packageName, error: p.error })),
    duration_ms: r.durationMs,
  };
}
