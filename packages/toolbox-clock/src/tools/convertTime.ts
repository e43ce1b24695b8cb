import { defineTool, Type, type AgentTool, type Static } from '@ovos-tools/core';
import { DateTime } from 'luxon';
import { clockTime, isoDate, isoWithOffset, offsetString } from '../time/format.js';
import { invalidArgument } from '../time/invalidArgument.js';
import { readTimeInput } from '../time/readTimeInput.js';
import { resolveLocalTime, type Disambiguation } from '../time/resolveLocalTime.js';
import { resolveZone, zoneOrSystem } from '../time/zones.js';

/** Arguments of `convert_time`. */
export const ConvertTimeArgs = Type.Object(
  {
    time: Type.String({
      minLength: 1,
      description:
        "The time to convert: a time of day ('14:30', '2:30pm') or an ISO-8601 date-time ('2026-03-29T14:30'). " +
        "An explicit offset ('2026-10-25T02:30+01:00') pins the exact instant.",
    }),
    date: Type.Optional(Type.String({ description: "Date of a time of day, YYYY-MM-DD; default: today in from_timezone." })),
    from_timezone: Type.Optional(Type.String({ description: "IANA zone the time is given in, e.g. 'Europe/Berlin'; default: the system zone." })),
    to_timezone: Type.String({ minLength: 1, description: "IANA zone to convert to, e.g. 'Asia/Tokyo'." }),
    disambiguation: Type.Optional(
      Type.Union([Type.Literal('compatible'), Type.Literal('earlier'), Type.Literal('later'), Type.Literal('reject')], {
        default: 'compatible',
        description:
          "For local times a DST change repeats or skips: 'compatible' (default: first of a repeated time, skipped times move " +
          "forward), 'earlier', 'later', or 'reject' (error).",
      }),
    ),
  },
  { title: 'ConvertTimeArgs' },
);

/** Output of `convert_time`. */
export const ConvertTimeOutput = Type.Object(
  {
    from_iso: Type.String({ description: 'The source time, ISO-8601 with offset, in from_timezone' }),
    from_timezone: Type.String({ description: 'IANA name of the source zone' }),
    from_offset: Type.String({ description: 'UTC offset of the source zone at that instant, +HH:MM' }),
    to_iso: Type.String({ description: 'The same instant, ISO-8601 with offset, in to_timezone' }),
    to_timezone: Type.String({ description: 'IANA name of the target zone' }),
    to_offset: Type.String({ description: 'UTC offset of the target zone at that instant, +HH:MM' }),
    to_date: Type.String({ description: 'Target date, YYYY-MM-DD' }),
    to_time: Type.String({ description: 'Target time, HH:MM:SS' }),
    difference_hours: Type.Number({ description: 'Target offset minus source offset, in hours (e.g. 4.5)' }),
    day_shift: Type.Integer({ description: 'Target calendar date minus source calendar date, in days (-1, 0 or 1)' }),
    ambiguous: Type.Boolean({ description: 'The local source time happens twice (clocks go back)' }),
    nonexistent: Type.Boolean({ description: 'The local source time never happens (clocks spring forward over it)' }),
    note: Type.Union([Type.String(), Type.Null()], { description: 'How an ambiguous, nonexistent or offset-pinned time was read; null otherwise' }),
  },
  { title: 'ConvertTimeOutput' },
);

/**
 * `convert_time` — converts a time from one IANA zone to another, DST-correct (not in OVOS).
 *
 * Local times a DST change repeats or skips follow `disambiguation` (TC39 Temporal's meanings; default
 * `compatible`: the earlier of a repeated time, a skipped time moved forward by the gap) and set
 * `ambiguous` / `nonexistent` plus a `note`. A `time` with an offset is an exact instant and is never
 * ambiguous; when that offset is not the source zone's, `note` says so.
 *
 * @throws `ValueError: Tool input validation failed ...` (code `invalid_arguments`) for an unknown zone,
 *   an unreadable `time`/`date`, or a repeated/skipped time with `disambiguation: 'reject'`.
 */
export function convertTimeTool(): AgentTool<typeof ConvertTimeArgs, typeof ConvertTimeOutput> {
  return defineTool({
    name: 'convert_time',
    description:
      'Convert a time from one IANA time zone to another, correctly across daylight-saving changes. ' +
      'Give a time of day (with an optional date) or an ISO-8601 date-time; reports both sides with their UTC offsets ' +
      'and flags local times that a DST change makes ambiguous or nonexistent.',
    summary: 'Convert a time between IANA time zones, DST-correct.',
    tags: ['clock', 'time', 'timezone', 'conversion', 'read-only'],
    readOnly: true,
    idempotent: true,
    openWorld: false,
    errorModes:
      "Unknown zones and unreadable times fail with a ValueError naming the argument. Times that a DST change repeats or skips are " +
      "resolved per 'disambiguation' and flagged (ambiguous/nonexistent + note); with 'reject' they fail.",
    argumentSchema: ConvertTimeArgs,
    outputSchema: ConvertTimeOutput,
    examples: [
      {
        description: '3 pm in New York, in Berlin',
        arguments: { time: '15:00', date: '2026-07-01', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' },
        result: {
          from_iso: '2026-07-01T15:00:00-04:00', from_timezone: 'America/New_York', from_offset: '-04:00',
          to_iso: '2026-07-01T21:00:00+02:00', to_timezone: 'Europe/Berlin', to_offset: '+02:00', to_date: '2026-07-01', to_time: '21:00:00',
          difference_hours: 6, day_shift: 0, ambiguous: false, nonexistent: false, note: null,
        },
      },
      {
        description: 'A time skipped by the spring-forward change moves forward',
        arguments: { time: '2026-03-29T02:30', from_timezone: 'Europe/Berlin', to_timezone: 'UTC' },
        result: {
          from_iso: '2026-03-29T03:30:00+02:00', from_timezone: 'Europe/Berlin', from_offset: '+02:00',
          to_iso: '2026-03-29T01:30:00+00:00', to_timezone: 'UTC', to_offset: '+00:00', to_date: '2026-03-29', to_time: '01:30:00',
          difference_hours: -2, day_shift: 0, ambiguous: false, nonexistent: true,
          note: 'The local time 2026-03-29 02:30 does not exist in Europe/Berlin: clocks skip 60 minutes there (DST starts); moved forward by 60 minutes to 03:30 (+02:00).',
        },
      },
    ],
    toolCall: (args: Static<typeof ConvertTimeArgs>, ctx) => {
      const from = zoneOrSystem(args.from_timezone);
      if (!from.ok) throw invalidArgument(ctx, `from_timezone: ${from.problem}`);
      const to = resolveZone(args.to_timezone);
      if (!to.ok) throw invalidArgument(ctx, `to_timezone: ${to.problem}`);

      const input = readTimeInput(args.time, args.date, () => isoDate(DateTime.now().setZone(from.zone)));
      if (!input.ok) throw invalidArgument(ctx, input.problem);

      let instant: DateTime;
      let ambiguous = false;
      let nonexistent = false;
      let note: string | null = null;
      if (input.kind === 'instant') {
        instant = input.dateTime.setZone(from.zone);
        if (instant.offset !== input.dateTime.offset) {
          note = `The offset in time (${offsetString(input.dateTime)}) is not ${from.name}'s at that moment (${offsetString(instant)}); converted the instant it names.`;
        }
      } else {
        const mode = (args.disambiguation ?? 'compatible') as Disambiguation;
        const local = resolveLocalTime(input.fields, from.zone, from.name, mode);
        if (!local.dateTime) throw invalidArgument(ctx, `time: ${local.note} Pass an explicit offset or another disambiguation.`);
        ({ ambiguous, nonexistent, note } = local);
        instant = local.dateTime;
      }

      const target = instant.setZone(to.zone);
      const dayShift = DateTime.fromISO(isoDate(target), { zone: 'UTC' }).diff(DateTime.fromISO(isoDate(instant), { zone: 'UTC' }), 'days').days;
      return {
        from_iso: isoWithOffset(instant),
        from_timezone: from.name,
        from_offset: offsetString(instant),
        to_iso: isoWithOffset(target),
        to_timezone: to.name,
        to_offset: offsetString(target),
        to_date: isoDate(target),
        to_time: clockTime(target),
        difference_hours: (target.offset - instant.offset) / 60,
        day_shift: Math.round(dayShift),
        ambiguous,
        nonexistent,
        note,
      };
    },
  });
}
