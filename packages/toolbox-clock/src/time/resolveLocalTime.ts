import { DateTime, type Zone } from 'luxon';

/**
 * How to pick an instant for a local (wall-clock) time that a DST change makes ambiguous or skips,
 * with the meanings of TC39 Temporal's `disambiguation` option:
 * - `compatible` (default): ambiguous → the earlier instant; nonexistent → moved forward by the gap
 *   (02:30 in a 02:00→03:00 gap becomes 03:30). Python's `zoneinfo` with `fold=0` gives the same instants.
 * - `earlier`: ambiguous → the earlier instant; nonexistent → moved back by the gap (02:30 → 01:30).
 * - `later`: ambiguous → the later instant; nonexistent → moved forward by the gap (02:30 → 03:30).
 * - `reject`: ambiguous or nonexistent times are an error.
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later' | 'reject';

/** Wall-clock fields of a local time; `second` and `millisecond` default to 0. */
export interface LocalFields {
  /** Full year, e.g. 2026. */
  year: number;
  /** 1-12. */
  month: number;
  /** 1-31. */
  day: number;
  /** 0-23. */
  hour: number;
  /** 0-59. */
  minute: number;
  /** 0-59; default 0. */
  second?: number;
  /** 0-999; default 0. */
  millisecond?: number;
}

/** What {@link resolveLocalTime} decided. */
export interface LocalTimeResolution {
  /** The chosen instant, in the zone; `null` only when `reject` refused an ambiguous or nonexistent time. */
  dateTime: DateTime | null;
  /** The local time happens twice (clocks went back). */
  ambiguous: boolean;
  /** The local time never happens (clocks sprang forward over it). */
  nonexistent: boolean;
  /** Every instant the local time denotes, earliest first (two when ambiguous, none when nonexistent). */
  candidates: DateTime[];
  /** Length of the skipped or repeated interval, in minutes (0 when neither). */
  shiftMinutes: number;
  /** One sentence for people when the time was ambiguous or nonexistent; `null` otherwise. */
  note: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Turns a local time in an IANA zone into an instant, detecting DST gaps and overlaps. Offsets come from
 * luxon (ICU's tz data); the only arithmetic here is "local time minus offset", done for each offset the
 * zone uses within a day either side, keeping those that round-trip.
 */
export function resolveLocalTime(fields: LocalFields, zone: Zone, zoneName: string, mode: Disambiguation = 'compatible'): LocalTimeResolution {
  const wallMs = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second ?? 0, fields.millisecond ?? 0);
  const before = zone.offset(wallMs - DAY_MS);
  const after = zone.offset(wallMs + DAY_MS);
  const offsets = [...new Set([before, zone.offset(wallMs), after])];
  const instants = [...new Set(offsets.map((o) => wallMs - o * 60_000).filter((ts) => zone.offset(ts) * 60_000 === wallMs - ts))].sort((a, b) => a - b);
  const at = (ts: number) => DateTime.fromMillis(ts, { zone });
  const candidates = instants.map(at);
  const local = DateTime.fromMillis(wallMs, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm');

  if (candidates.length === 1) return { dateTime: candidates[0]!, ambiguous: false, nonexistent: false, candidates, shiftMinutes: 0, note: null };

  if (candidates.length === 0) {
    // A gap: the offset grows from `before` to `after` across it.
    const gap = Math.abs(after - before);
    const forward = at(wallMs - before * 60_000);
    const backward = at(wallMs - after * 60_000);
    const dateTime = mode === 'reject' ? null : mode === 'earlier' ? backward : forward;
    const what = `The local time ${local} does not exist in ${zoneName}: clocks skip ${gap} minutes there (DST starts)`;
    const note = dateTime
      ? `${what}; moved ${mode === 'earlier' ? 'back' : 'forward'} by ${gap} minutes to ${dateTime.toFormat('HH:mm')} (${dateTime.toFormat('ZZ')}).`
      : `${what}.`;
    return { dateTime, ambiguous: false, nonexistent: true, candidates, shiftMinutes: gap, note };
  }

  const first = candidates[0]!;
  const last = candidates[candidates.length - 1]!;
  const overlap = Math.abs(first.offset - last.offset);
  const dateTime = mode === 'reject' ? null : mode === 'later' ? last : first;
  const what = `The local time ${local} happens twice in ${zoneName} (clocks go back ${overlap} minutes)`;
  const note = dateTime
    ? `${what}; used the ${dateTime === last ? 'later' : 'earlier'} one at ${dateTime.toFormat('ZZ')}, the other is at ${(dateTime === last ? first : last).toFormat('ZZ')}.`
    : `${what}: at ${first.toFormat('ZZ')} and at ${last.toFormat('ZZ')}.`;
  return { dateTime, ambiguous: true, nonexistent: false, candidates, shiftMinutes: overlap, note };
}
