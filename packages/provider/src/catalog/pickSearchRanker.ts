import { SEARCH_RANKER_GROUP, type Logger } from '@ovos-tools/core';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import type { LoadProblem } from '../service/ToolboxStatus.js';

/**
 * The search ranker a reload uses among the discovered declarations, or `undefined`. A ranker reads every tool's text
 * and every search request, and runs in a worker of the provider's process, so only `@ovos-tools/` packages and entry
 * points listed in `pinned_toolboxes` may serve one; any other is refused as a problem. The first one allowed (scan
 * order) is used; a second one is reported and ignored.
 */
export function pickSearchRanker(declarations: readonly ToolboxDeclaration[], pinned: readonly string[], problems: LoadProblem[], logger: Logger): ToolboxDeclaration | undefined {
  let chosen: ToolboxDeclaration | undefined;
  for (const d of declarations) {
    if (d.group !== SEARCH_RANKER_GROUP) continue;
    let error: string | undefined;
    if (!d.packageName.startsWith('@ovos-tools/') && !pinned.includes(d.entryPointName)) {
      error = `search rankers read every tool's text and every search request, so only @ovos-tools packages and entry points listed in pinned_toolboxes may declare one; add "${d.entryPointName}" to pinned_toolboxes if you trust ${d.packageName}`;
    } else if (chosen) {
      error = `a search ranker is already served by ${chosen.packageName} ("${chosen.entryPointName}"); only one ranker is used, so this one is ignored`;
    }
    if (error) {
      problems.push({ entryPoint: d.entryPointName, packageName: d.packageName, error });
      logger.warn(`search ranker ${d.entryPointName} (${d.packageName}): ${error}`);
    } else chosen = d;
  }
  return chosen;
}
