import type { ScanResult } from '../discovery/scanPluginRoots.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ReloadReport } from '../service/ReloadReport.js';
import type { LoadedNames } from './LoadedNames.js';

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

/** The names one load found installed (in `scan`, disabled and not-allowed ones included) and serving (in `next`). */
export function loadedNames(scan: ScanResult, next: RegistryGeneration): LoadedNames {
  const packages = [...scan.declarations, ...scan.problems].flatMap((d) => (d.packageName ? [d.packageName] : []));
  return {
    entryPoints: new Set(scan.declarations.map((d) => d.entryPointName)),
    packages: new Set(packages),
    toolNames: next.toolNames,
    toolboxIds: new Set(next.toolboxes.map((t) => t.host.toolboxId)),
  };
}
