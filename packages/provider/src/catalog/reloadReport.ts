import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ReloadReport } from '../service/ToolService.js';

/** What a reload did: the tools added, removed and updated from `previous` to `next`, and its problems. */
export function report(previous: RegistryGeneration, next: RegistryGeneration, started: number): ReloadReport {
  const before = previous.toolNames;
  const after = next.toolNames;
  const oldPrints = new Map(previous.toolboxes.map((t) => [t.source, t.fingerprint]));
  return {
    loaded: next.loaded,
    totalTools: next.totalTools,
    generation: next.number,
    problems: [...next.problems],
    added: [...after].filter((n) => !before.has(n)),
    removed: [...before].filter((n) => !after.has(n)),
    updated: [...new Set(next.toolboxes.filter((t) => oldPrints.has(t.source) && oldPrints.get(t.source) !== t.fingerprint).map((t) => t.source))],
    durationMs: Math.round(performance.now() - started),
  };
}
