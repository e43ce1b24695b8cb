import { Type } from '@ovos-tools/core';
import { MAX_RESULT_TTL_S } from '../service/outputBudgetRange.js';

/**
 * `result_store` of the provider config: the limits of the store where cut results wait to be paged, with their
 * defaults (their one home: `RESULT_STORE_DEFAULTS` reads them from here).
 */
export const ResultStoreSchema = Type.Object(
  {
    ttl_s: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RESULT_TTL_S, default: 300, description: 'How long a cut result stays pageable, s' })),
    max_bytes: Type.Optional(Type.Integer({ minimum: 1024, default: 64 * 1024 * 1024, description: 'Bytes for all kept results (2 per character)' })),
    max_entries: Type.Optional(Type.Integer({ minimum: 1, default: 1000, description: 'Results kept at once' })),
    max_bytes_per_caller: Type.Optional(Type.Integer({ minimum: 1024, description: 'Bytes one caller’s results may take (default a quarter of max_bytes)' })),
    max_entries_per_caller: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Results one caller may keep at once (default max_entries; when the store is full, the caller holding the most gives up its oldest either way)' }),
    ),
  },
  { additionalProperties: false, description: 'Where cut results wait to be paged (in memory; with state.redis, in Redis, shared by the replicas)' },
);

/** The default of a key of {@link ResultStoreSchema}. */
export function resultStoreDefault(key: 'ttl_s' | 'max_bytes' | 'max_entries'): number {
  return (ResultStoreSchema.properties[key] as unknown as { default: number }).default;
}
