import { defineTool, Type, type AgentTool, type Static } from '@ovos-tools/core';
import { DateTime } from 'luxon';
import { clockTime, isoDate, isoWithOffset } from '../time/format.js';
import { invalidArgument } from '../time/invalidArgument.js';
import { zoneOrSystem } from '../time/zones.js';

/** Arguments of `get_current_datetime`: none in OVOS; `timezone` is our optional addition. */
export const GetCurrentDatetimeArgs = Type.Object(
  {
    timezone: Type.Optional(
      Type.String({
        description: "IANA time zone to report the time in, e.g. 'Europe/Lisbon' or 'America/New_York'. Omit for the system time zone.",
      }),
    ),
  },
  { title: 'GetCurrentDatetimeArgs' },
);

/** Output of `get_current_datetime`, field for field as OVOS (wire spec §5.1). */
export const GetCurrentDatetimeOutput = Type.Object(
  {
    iso: Type.String({ description: 'Full ISO-8601 datetime with UTC offset, e.g. 2026-03-25T10:00:00+01:00' }),
    date: Type.String({ description: 'YYYY-MM-DD' }),
    time: Type.String({ description: 'HH:MM:SS (24-hour clock)' }),
    timezone: Type.String({ description: "IANA time zone name (e.g. 'Europe/Berlin'), or the UTC offset ('+01:00') when no name is known" }),
  },
  { title: 'GetCurrentDatetimeOutput' },
);

/**
 * `get_current_datetime` — the current date and time (ovos-agentic-loop `tools/clock.py`, wire spec §5.1).
 *
 * Output `{iso, date, time, timezone}`: `iso` carries the offset and milliseconds only when non-zero
 * (OVOS prints microseconds); `timezone` is the IANA name (OVOS prints `tzname()`, e.g. `CET`) or, when
 * the system zone has no name, the offset as `+HH:MM` (OVOS: `str(utcoffset())`, e.g. `1:00:00`).
 *
 * @throws `ValueError: Tool input validation failed ...: timezone: unknown IANA time zone '<name>'; ...`
 *   (code `invalid_arguments`) for a zone ICU does not know.
 */
export function getCurrentDatetimeTool(): AgentTool<typeof GetCurrentDatetimeArgs, typeof GetCurrentDatetimeOutput> {
  return defineTool({
    name: 'get_current_datetime',
    description: 'Return the current system date and time in ISO-8601 format.',
    summary: 'Current date and time, in the system time zone or a given IANA zone.',
    tags: ['clock', 'time', 'date', 'timezone', 'read-only'],
    readOnly: true,
    idempotent: false,
    openWorld: false,
    errorModes: "An unknown 'timezone' fails with a ValueError naming the zone and suggesting a valid IANA name.",
    argumentSchema: GetCurrentDatetimeArgs,
    outputSchema: GetCurrentDatetimeOutput,
    examples: [
      {
        description: 'The time on the host',
        arguments: {},
        result: { iso: '2026-03-25T10:00:00+00:00', date: '2026-03-25', time: '10:00:00', timezone: 'UTC' },
      },
      {
        description: 'The time in Kolkata (UTC+05:30)',
        arguments: { timezone: 'Asia/Kolkata' },
        result: { iso: '2026-03-25T15:30:00+05:30', date: '2026-03-25', time: '15:30:00', timezone: 'Asia/Kolkata' },
      },
      {
        description: 'An unknown zone is an argument error',
        arguments: { timezone: 'Mars/Base' },
        error: "ValueError: Tool input validation failed for 'get_current_datetime' in ToolBox 'ovos-clock-tools': timezone: unknown IANA time zone 'Mars/Base'",
      },
    ],
    toolCall: (args: Static<typeof GetCurrentDatetimeArgs>, ctx) => {
      const zone = zoneOrSystem(args.timezone);
      if (!zone.ok) throw invalidArgument(ctx, `timezone: ${zone.problem}`);
      const now = DateTime.now().setZone(zone.zone);
      return { iso: isoWithOffset(now), date: isoDate(now), time: clockTime(now), timezone: zone.name };
    },
  });
}
