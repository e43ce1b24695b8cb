import { resultStoreDefault } from './resultStoreSchema.js';
import { MAX_RESULT_TTL_S } from '../service/outputBudgetRange.js';

/** The limits every result store takes (`MemoryResultStore`, the Redis one), each optional; see `MemoryResultStoreOptions`. */
export interface ResultStoreLimitOptions {
  /** How long a result stays pageable after it was kept, in ms (not extended by paging). Default 300,000 (5 minutes); at most 1 day. */
  ttlMs?: number;
  /** Bytes for all results together. Default 64 MiB. */
  maxBytes?: number;
  /** Results kept at once. Default 1,000. */
  maxEntries?: number;
  /**
   * Bytes one owner's results may take: past it the owner's own oldest results go first, so one caller cannot push
   * everyone else's results out. Default a quarter of `maxBytes` (16 MiB: a 5 MB `read_file` fits, as 10 MB).
   */
  maxBytesPerOwner?: number;
  /**
   * Results one owner may keep at once: past it the owner's own least recently used go first. Default `maxEntries`.
   * Whatever it is, with every entry taken the owner holding the most gives up its least recently used, so one caller
   * never evicts another's results while it holds fewer than that one.
   */
  maxEntriesPerOwner?: number;
  /** The largest `limit` of one page, in characters. Default 1,000,000. */
  maxPageChars?: number;
}

/** Defaults of {@link ResultStoreLimitOptions}: those of the config's `result_store` (read from its schema, seconds made ms), and the page size. */
export const RESULT_STORE_DEFAULTS = Object.freeze({
  ttlMs: resultStoreDefault('ttl_s') * 1000,
  maxBytes: resultStoreDefault('max_bytes'),
  maxEntries: resultStoreDefault('max_entries'),
  maxPageChars: 1_000_000,
});

/** {@link ResultStoreLimitOptions} with every default filled in. */
export type ResultStoreLimits = Required<ResultStoreLimitOptions>;

/**
 * The limits of `options` with their defaults, checked.
 * @param store - the store's class name, for the error.
 * @throws RangeError when an option is not a positive integer, the TTL exceeds a day, `maxBytesPerOwner` exceeds
 *   `maxBytes` or `maxEntriesPerOwner` exceeds `maxEntries`: `<store>: <name> must be an integer from 1 to <max>, received <value>`.
 */
export function resultStoreLimits(options: ResultStoreLimitOptions, store: string): ResultStoreLimits {
  const positive = (name: string, value: number, max = Number.MAX_SAFE_INTEGER): number => {
    if (!Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`${store}: ${name} must be an integer from 1 to ${max}, received ${String(value)}`);
    return value;
  };
  const ttlMs = positive('ttlMs', options.ttlMs ?? RESULT_STORE_DEFAULTS.ttlMs, MAX_RESULT_TTL_S * 1000);
  const maxBytes = positive('maxBytes', options.maxBytes ?? RESULT_STORE_DEFAULTS.maxBytes);
  const maxEntries = positive('maxEntries', options.maxEntries ?? RESULT_STORE_DEFAULTS.maxEntries);
  return {
    ttlMs,
    maxBytes,
    maxEntries,
    maxEntriesPerOwner: positive('maxEntriesPerOwner', options.maxEntriesPerOwner ?? maxEntries, maxEntries),
    maxBytesPerOwner: positive('maxBytesPerOwner', options.maxBytesPerOwner ?? Math.floor(maxBytes / 4), maxBytes),
    maxPageChars: positive('maxPageChars', options.maxPageChars ?? RESULT_STORE_DEFAULTS.maxPageChars),
  };
}
