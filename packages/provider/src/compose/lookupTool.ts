import { UnknownToolError, toWireError, VendorNameIndex, type WireError } from '@ovos-tools/core';
import { nearestKey } from '@ovos-tools/core/node';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { wireErrors } from '../service/wireErrors.js';

const vendorNames = new WeakMap<RegistryGeneration, VendorNameIndex>();

/**
 * The entry for `name` in generation `g`: by its exact name first, else by a vendor-mapped name (core
 * `vendorToolName`: an OpenAI/Anthropic/Gemini-safe name, an MCP-escaped name), indexed once per generation.
 */
export function lookupTool(g: RegistryGeneration, name: string, toolboxId?: string): CatalogEntry | undefined {
  const exact = g.lookup(name, toolboxId);
  if (exact) return exact;
  let index = vendorNames.get(g);
  if (!index) vendorNames.set(g, (index = new VendorNameIndex(g.entries.map((e) => e.tool.name))));
  const resolved = index.resolve(name);
  return resolved === undefined ? undefined : g.lookup(resolved, toolboxId);
}

/**
 * The unknown-tool refusal: the provider API's OVOS text `Unknown tool: '<name>'` (no class prefix), or, for a
 * toolbox-scoped call, the OVOS ToolBox text `ValueError: Unknown tool '<name>' for ToolBox '<id>'.`; followed, when a
 * tool the caller may see (`visible`) has a close name (Levenshtein, `nearestKey`), by `. Did you mean '<name>'?` —
 * never a tool the caller may not see, so the answer tells nothing of hidden tools.
 */
export function lookupRefusal(g: RegistryGeneration, name: string, toolboxId: string | undefined, visible: (entry: CatalogEntry) => boolean): WireError {
  const error = toolboxId === undefined ? wireErrors.unknownTool(name) : toWireError(new UnknownToolError(name, toolboxId));
  const suggestion = typeof name === 'string' && name.length <= 128 ? nearestTool(g, name, toolboxId, visible) : undefined;
  if (suggestion === undefined) return error;
  return { ...error, error: `${error.error}${error.error.endsWith('.') ? '' : '.'} Did you mean '${suggestion}'?` };
}

function nearestTool(g: RegistryGeneration, name: string, toolboxId: string | undefined, visible: (entry: CatalogEntry) => boolean): string | undefined {
  const names = new Set<string>();
  for (const e of g.entries) if ((toolboxId === undefined || e.toolboxId === toolboxId) && visible(e)) names.add(e.tool.name);
  return nearestKey(name, [...names]);
}
