import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, type SearchRanker } from '@ovos-tools/core';
import { typeName } from '@ovos-tools/core/node';
import { MAX_DIMENSIONS } from './semanticProtocol.js';

/**
 * Why `value` (a ranker package's export) is not a usable core `SearchRanker`, field by field (`modelId: expected a
 * string of letters, digits, . _ - @ (at most 100), received 3`), or `undefined` when it is. No `instanceof`: the
 * package may carry its own copy of core.
 */
export function searchRankerProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return `expected a search ranker object, received ${typeName(value)}`;
  const r = value as Partial<SearchRanker> & Record<symbol, unknown>;
  const version = r[SEARCH_RANKER_BRAND];
  if (version !== SEARCH_RANKER_CONTRACT_VERSION) {
    return `[Symbol.for('ovos-tools.search-ranker')]: expected contract version ${SEARCH_RANKER_CONTRACT_VERSION}, received ${version === undefined ? 'none (not a search ranker)' : String(version)}`;
  }
  if (typeof r.modelId !== 'string' || !/^[A-Za-z0-9._@-]{1,100}$/.test(r.modelId)) return `modelId: expected a string of letters, digits, . _ - @ (at most 100), received ${typeName(r.modelId)}`;
  if (typeof r.dimensions !== 'number' || !Number.isInteger(r.dimensions) || r.dimensions < 1 || r.dimensions > MAX_DIMENSIONS) {
    return `dimensions: expected an integer from 1 to ${MAX_DIMENSIONS}, received ${String(r.dimensions)}`;
  }
  if (!Array.isArray(r.languages) || !r.languages.every((l) => typeof l === 'string')) return `languages: expected a list of language subtags, received ${typeName(r.languages)}`;
  if (typeof r.load !== 'function') return `load: expected a function, received ${typeName(r.load)}`;
  return undefined;
}
