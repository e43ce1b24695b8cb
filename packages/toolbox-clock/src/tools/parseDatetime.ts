import { defineTool, Type, type AgentTool, type Static } from '@ovos-tools/core';
import type { ParsedComponents } from 'chrono-node';
import { DateTime, type Zone } from 'luxon';
import { chronoForLang, SUPPORTED_LANGS } from '../time/chronoForLang.js';
import { clockTime, isoDate, isoWithOffset } from '../time/format.js';
import { invalidArgument } from '../time/invalidArgument.js';
import { readTimeInput } from '../time/readTimeInput.js';
import { resolveLocalTime } from '../time/resolveLocalTime.js';
import { zoneOrSystem } from '../time/zones.js';

/** Arguments of `parse_datetime`. */
export const ParseDatetimeArgs = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 1000, description: "Words naming a date or time, e.g. 'next friday at 3pm', 'in 2 hours', 'tomorrow morning'." }),
    reference: Type.Optional(
      Type.String({
        description:
          "ISO-8601 moment the words are relative to, e.g. '2026-03-25T10:00:00+01:00' (without an offset it is read in timezone). Default: now.",
      }),
    ),
    timezone: Type.Optional(Type.String({ description: "IANA zone for reading and reporting times, e.g. 'Europe/Lisbon'. Default: the system zone." })),
    lang: Type.Optional(Type.String({ default: 'en', description: `Language of text (BCP-47, e.g. 'en-US', 'de-DE'); supported: ${SUPPORTED_LANGS.join(', ')}.` })),
    prefer_future: Type.Optional(
      Type.Boolean({ default: true, description: "Read incomplete dates forward ('friday' = the coming Friday). Default true." }),
    ),
  },
  { title: 'ParseDatetimeArgs' },
);

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** Output of `parse_datetime`; on failure `iso`, `date`, `time`, `text_matched` are null and `error` says why. */
export const ParseDatetimeOutput = Type.Object(
  {
    iso: NullableString('The moment found, ISO-8601 with offset; null when nothing was found'),
    date: NullableString('YYYY-MM-DD; null when nothing was found'),
    time: NullableString('HH:MM:SS; null when nothing was found'),
    timezone: Type.String({ description: 'IANA zone the result is expressed in' }),
    text_matched: NullableString('The part of text that named the date or time'),
    time_certain: Type.Boolean({ description: "False when the time of day was guessed (e.g. 'tomorrow' or 'tomorrow morning')" }),
    end_iso: NullableString("End of a range such as 'from 3 to 5pm'; null otherwise"),
    reference: Type.String({ description: 'The reference moment used, ISO-8601 with offset' }),
    note: NullableString('Set when a DST change moved or disambiguated the result'),
    error: NullableString('Why nothing was found; null on success'),
  },
  { title: 'ParseDatetimeOutput' },
);

/**
 * `parse_datetime` — turns natural-language dates and times into ISO-8601 with chrono-node (not in OVOS).
 *
 * Relative phrases ("in 2 hours") are exact durations from the reference; calendar phrases ("tomorrow at
 * 3pm", "next friday") are wall-clock times in `timezone`, resolved DST-correctly (a skipped time moves
 * forward, a repeated one takes its first occurrence; `note` says so). Times with a zone in the text
 * ("3pm UTC") keep their instant and are reported in `timezone`. Guessed times follow chrono-node
 * (morning 06:00, noon 12:00, afternoon 15:00, evening 20:00, tonight 22:00; a date alone keeps the
 * reference's time of day).
 *
 * Nothing found is a value: `{iso: null, ..., error: "No date or time found in '<text>'. ..."}`.
 * @throws `ValueError: Tool input validation failed ...` (code `invalid_arguments`) for an unknown
 *   `timezone`, an unreadable `reference` or an unsupported `lang`.
 */
export function parseDatetimeTool(): AgentTool<typeof ParseDatetimeArgs, typeof ParseDatetimeOutput> {
  return defineTool({
    name: 'parse_datetime',
    description:
      "Convert a natural-language date or time ('next friday at 3pm', 'in 2 hours', 'tomorrow morning') into ISO-8601, " +
      'relative to now or to a given reference moment, in a given IANA time zone.',
    summary: 'Natural-language date/time phrase to ISO-8601.',
    tags: ['clock', 'time', 'date', 'parsing', 'natural-language', 'read-only'],
    readOnly: true,
    idempotent: true,
    openWorld: false,
    errorModes:
      "Text with no date or time returns iso null and an 'error' text. Unknown zones, unreadable references and unsupported " +
      'languages fail with a ValueError naming the argument.',
    argumentSchema: ParseDatetimeArgs,
    outputSchema: ParseDatetimeOutput,
    examples: [
      {
        description: 'A weekday and time, relative to a fixed reference',
        arguments: { text: 'next friday at 3pm', reference: '2026-03-25T10:00:00', timezone: 'Europe/Berlin' },
        result: {
          iso: '2026-04-03T15:00:00+02:00', date: '2026-04-03', time: '15:00:00', timezone: 'Europe/Berlin',
          text_matched: 'next friday at 3pm', time_certain: true, end_iso: null, reference: '2026-03-25T10:00:00+01:00', note: null, error: null,
        },
      },
      {
        description: 'A duration from the reference',
        arguments: { text: 'remind me in 2 hours', reference: '2026-03-25T10:00:00-04:00', timezone: 'America/New_York' },
        result: {
          iso: '2026-03-25T12:00:00-04:00', date: '2026-03-25', time: '12:00:00', timezone: 'America/New_York',
          text_matched: 'in 2 hours', time_certain: true, end_iso: null, reference: '2026-03-25T10:00:00-04:00', note: null, error: null,
        },
      },
    ],
    toolCall: async (args: Static<typeof ParseDatetimeArgs>, ctx) => {
      const zone = zoneOrSystem(args.timezone);
      if (!zone.ok) throw invalidArgument(ctx, `timezone: ${zone.problem}`);
      const parser = await chronoForLang(args.lang?.trim() || 'en');
      if (!parser) throw invalidArgument(ctx, `lang: chrono-node cannot parse '${args.lang}'; supported languages: ${SUPPORTED_LANGS.join(', ')}`);

      const reference = readReference(args.reference, zone.zone, zone.name);
      if (typeof reference === 'string') throw invalidArgument(ctx, reference);

      const results = parser.parse(args.text, { instant: reference.toJSDate(), timezone: reference.offset }, { forwardDate: args.prefer_future ?? true });
      const found = results[0];
      const base = { timezone: zone.name, reference: isoWithOffset(reference) };
      if (!found) {
        return {
          ...base, iso: null, date: null, time: null, text_matched: null, time_certain: false, end_iso: null, note: null,
          error: `No date or time found in '${args.text}'. Try phrases like 'tomorrow at 9am', 'next friday at 3pm' or 'in 2 hours'.`,
        };
      }
      const start = toZoned(found.start, zone.zone, zone.name);
      const end = found.end ? toZoned(found.end, zone.zone, zone.name) : null;
      return {
        ...base,
        iso: isoWithOffset(start.dateTime),
        date: isoDate(start.dateTime),
        time: clockTime(start.dateTime),
        text_matched: found.text,
        time_certain: found.start.isCertain('hour'),
        end_iso: end ? isoWithOffset(end.dateTime) : null,
        note: [start.note, end?.note].filter(Boolean).join(' ') || null,
        error: null,
      };
    },
  });
}

/** The reference moment: now, an instant (text with offset), or a wall-clock time in the zone; a problem sentence when unreadable. */
function readReference(text: string | undefined, zone: Zone, zoneName: string): DateTime | string {
  if (!text?.trim()) return DateTime.now().setZone(zone);
  const input = readTimeInput(text, undefined, () => isoDate(DateTime.now().setZone(zone)));
  if (!input.ok || !DATE_TIME.test(text.trim())) {
    return `reference: could not read '${text}' as an ISO-8601 date-time; use e.g. '2026-03-25T10:00:00+01:00' or '2026-03-25T10:00'`;
  }
  if (input.kind === 'instant') return input.dateTime.setZone(zone);
  return resolveLocalTime(input.fields, zone, zoneName).dateTime!;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}/;

/**
 * A chrono result as a luxon DateTime in the zone: the exact instant when chrono fixed the offset (relative
 * durations, a zone named in the text), otherwise its calendar fields read as local time in the zone.
 */
function toZoned(c: ParsedComponents, zone: Zone, zoneName: string): { dateTime: DateTime; note: string | null } {
  if (c.isCertain('timezoneOffset')) return { dateTime: DateTime.fromJSDate(c.date(), { zone }), note: null };
  const field = (name: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond') => c.get(name) ?? 0;
  const local = resolveLocalTime(
    { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second'), millisecond: field('millisecond') },
    zone,
    zoneName,
  );
  return { dateTime: local.dateTime!, note: local.note };
}
