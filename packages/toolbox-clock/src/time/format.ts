import type { DateTime } from 'luxon';

/**
 * ISO-8601 with the UTC offset, as Python's `datetime.isoformat()` writes it for aware datetimes:
 * `2026-03-29T03:30:00+02:00`, always `+00:00` (never `Z`) for UTC. Fractional seconds appear only
 * when non-zero, as milliseconds (`.123`; Python would print microseconds, `.123000`).
 */
export function isoWithOffset(dt: DateTime): string {
  const iso = dt.toISO({ suppressMilliseconds: true, includeOffset: true });
  if (!iso) throw new RangeError(`invalid DateTime: ${dt.invalidExplanation ?? dt.invalidReason}`);
  return iso.endsWith('Z') ? `${iso.slice(0, -1)}+00:00` : iso;
}

/** The date part, `YYYY-MM-DD` (Python `%Y-%m-%d`). */
export function isoDate(dt: DateTime): string {
  return dt.toFormat('yyyy-MM-dd');
}

/** The time of day, `HH:MM:SS` on a 24-hour clock (Python `%H:%M:%S`). */
export function clockTime(dt: DateTime): string {
  return dt.toFormat('HH:mm:ss');
}

/** The UTC offset as `+HH:MM` / `-HH:MM` (`+05:30`, `-04:00`, `+00:00`). */
export function offsetString(dt: DateTime): string {
  return dt.toFormat('ZZ');
}
