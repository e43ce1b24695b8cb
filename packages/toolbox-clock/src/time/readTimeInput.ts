import { DateTime } from 'luxon';
import type { LocalFields } from './resolveLocalTime.js';

/**
 * What {@link readTimeInput} understood: a local wall-clock time (to be placed in a zone), an exact
 * instant (the text carried a UTC offset or `Z`), or a problem sentence for the caller.
 */
export type TimeInput =
  | {
      /** Read. */
      ok: true;
      /** A wall-clock time with no offset: it still has to be placed in a zone. */
      kind: 'local';
      /** Its calendar fields. */
      fields: LocalFields;
    }
  | {
      /** Read. */
      ok: true;
      /** An exact instant (it carried an offset or `Z`). */
      kind: 'instant';
      /** The instant. */
      dateTime: DateTime;
    }
  | {
      /** Not a time this tool understands. */
      ok: false;
      /** What is wrong with it, for the error text. */
      problem: string;
    };

const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:[T ]|$)/;
const TIME_ONLY = /^T?(\d{1,2})(:\d{2}(?::\d{2}(?:[.,]\d+)?)?)((?:Z|[+-]\d{2}(?::?\d{2})?)?)$/i;
const TWELVE_HOUR_FORMATS = ['h:mm:ssa', 'h:mma', 'ha'];
const OFFSET_SUFFIX = /T.*(Z|[+-]\d{2}(:?\d{2})?)$/i;

const EXAMPLES = "use ISO-8601 such as '2026-03-29T14:30' or '2026-03-29T14:30:00+02:00', or a time of day such as '14:30' or '2:30pm'";

/**
 * Reads the `time` (and optional `date`) arguments of `convert_time`.
 *
 * Accepted: ISO-8601 date-times (`2026-03-29T14:30`, a space instead of `T`, seconds and fractions
 * optional, an offset or `Z` optional), times of day (`14:30`, `9:05:30`, `2:30pm`, `2 PM`). A time of day
 * takes its date from `date` (`YYYY-MM-DD`) or, without one, from `today()`. Luxon does the parsing and
 * calendar checks (so `2026-02-30T10:00` is refused).
 *
 * @param today - the current date in the source zone, `YYYY-MM-DD`; called only when needed.
 * @returns a `problem` naming the argument (`time: ...` or `date: ...`) and an accepted form.
 */
export function readTimeInput(time: string, date: string | undefined, today: () => string): TimeInput {
  let text = time.trim();
  const day = date?.trim() || undefined;
  if (day !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && DateTime.fromISO(day, { zone: 'UTC' }).isValid)) {
    return { ok: false, problem: `date: could not read '${date}' as a calendar date; use YYYY-MM-DD such as '2026-03-29'` };
  }
  const datePart = DATE_PREFIX.exec(text);
  if (datePart) {
    if (day !== undefined && day !== datePart[1]) {
      return { ok: false, problem: `date: '${day}' contradicts the date in time '${time}'; give the date in one of them only` };
    }
    if (text.length === 10) return { ok: false, problem: `time: '${time}' has no time of day; ${EXAMPLES}` };
    text = `${text.slice(0, 10)}T${text.slice(11)}`;
  } else {
    const clock = timeOfDay(text);
    if (!clock) return { ok: false, problem: `time: could not read '${time}' as a time; ${EXAMPLES}` };
    text = `${day ?? today()}T${clock}`;
  }
  if (OFFSET_SUFFIX.test(text)) {
    const dateTime = DateTime.fromISO(text, { setZone: true });
    if (!dateTime.isValid) return { ok: false, problem: `time: could not read '${time}' as a time; ${EXAMPLES}` };
    return { ok: true, kind: 'instant', dateTime };
  }
  const wall = DateTime.fromISO(text, { zone: 'UTC' });
  if (!wall.isValid) return { ok: false, problem: `time: could not read '${time}' as a time; ${EXAMPLES}` };
  const { year, month, day: dom, hour, minute, second, millisecond } = wall;
  return { ok: true, kind: 'local', fields: { year, month, day: dom, hour, minute, second, millisecond } };
}

/** A time of day as ISO `HH:MM[:SS[.fff]][offset]`, from ISO or 12-hour input; `null` when unreadable. */
function timeOfDay(text: string): string | null {
  const iso = TIME_ONLY.exec(text);
  if (iso) return `${iso[1]!.padStart(2, '0')}${iso[2]}${iso[3] ?? ''}`;
  const compact = text.replace(/[\s.]/g, '').toUpperCase();
  for (const format of TWELVE_HOUR_FORMATS) {
    const dt = DateTime.fromFormat(compact, format, { zone: 'UTC' });
    if (dt.isValid && dt.hour < 24 && /[AP]M$/.test(compact) && Number.parseInt(compact, 10) <= 12) {
      return dt.toFormat('HH:mm:ss');
    }
  }
  return null;
}
