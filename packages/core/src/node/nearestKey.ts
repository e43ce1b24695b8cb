import { distance } from 'fastest-levenshtein';

/** A key as compared: lower case, without `_`, `-` and spaces (so `maxBytes`, `max-bytes` and `max_bytes` are one). */
function folded(key: string): string {
  return key.toLowerCase().replace(/[_\-\s]/g, '');
}

/**
 * The known key closest to `key` by Levenshtein distance (`fastest-levenshtein`) over keys folded to lower case
 * without `_`/`-`, or `undefined` when none is close: at most `maxDistance` edits (default: 2, or a third of the
 * key's length when longer). `maxBytes` → `max_bytes`, `defualt_timeout_ms` → `default_timeout_ms`,
 * `interval` → `interval_ms`.
 * @param key - the key as written.
 * @param known - the keys the place accepts.
 */
export function nearestKey(key: string, known: readonly string[], maxDistance?: number): string | undefined {
  const k = folded(key);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(k, folded(candidate));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = maxDistance ?? Math.max(2, Math.floor(k.length / 3));
  return bestDistance <= limit ? best : undefined;
}
