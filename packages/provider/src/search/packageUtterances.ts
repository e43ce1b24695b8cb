import type { CatalogEntry } from '../service/ToolService.js';
import { readLocaleUtterances } from './localeUtterances.js';
import type { UtterancesOf } from './SearchSnapshot.js';

/** Where a toolbox package is installed, and a fingerprint that changes when its files change. */
export interface PackageLocation {
  /** The package folder (absolute). */
  dir: string;
  /** Discovery's fingerprint of its files: a new one means the `locale` folder is read again. */
  fingerprint: string;
}

/**
 * The example requests of catalog entries, read from their toolbox package's `locale` folder (see
 * `readLocaleUtterances`): `locate` gives the package of an entry's source (entry-point name), or `undefined` for
 * toolboxes that are not packages (mounted MCP servers, HTTP services, federated toolboxes: they rank from names,
 * descriptions and schemas). Each package is read once per fingerprint; problems are for `ovos-tools check` and
 * are not reported here.
 */
export function packageUtterances(locate: (source: string) => PackageLocation | undefined): UtterancesOf {
  const cache = new Map<string, { fingerprint: string; byTool: ReadonlyMap<string, readonly string[]> }>();
  return (entry: CatalogEntry) => {
    const where = locate(entry.source);
    if (!where) return undefined;
    let known = cache.get(where.dir);
    if (!known || known.fingerprint !== where.fingerprint) {
      known = { fingerprint: where.fingerprint, byTool: readLocaleUtterances(where.dir).byTool };
      cache.set(where.dir, known);
    }
    return known.byTool.get(entry.tool.name);
  };
}
