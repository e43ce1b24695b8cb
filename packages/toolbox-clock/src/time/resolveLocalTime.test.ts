import { resolveLocalTime } from './resolveLocalTime.js';
import { resolveZone } from './zones.js';
import { describe, expect, it } from 'vitest';

const zone = (name: string) => {
  const z = resolveZone(name);
  if (!z.ok) throw new Error(z.problem);
  return z;
};
const resolve = (name: string, fields: Parameters<typeof resolveLocalTime>[0], mode?: Parameters<typeof resolveLocalTime>[3]) => {
  const z = zone(name);
  return resolveLocalTime(fields, z.zone, z.name, mode);
};

describe('resolveLocalTime', () => {
  it('an ordinary local time has exactly one instant', () => {
    const r = resolve('Asia/Kolkata', { year: 2026, month: 3, day: 29, hour: 2, minute: 30 });
    expect(r).toMatchObject({ ambiguous: false, nonexistent: false, shiftMinutes: 0, note: null });
    expect(r.candidates.map((c) => c.toISO())).toEqual(['2026-03-29T02:30:00.000+05:30']);
  });

  it('lists both instants of a repeated time, earliest first', () => {
    const r = resolve('Europe/Berlin', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 });
    expect(r.candidates.map((c) => c.toUTC().toISO())).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    expect(r.shiftMinutes).toBe(60);
  });

  it('a skipped time has no instants; earlier/later move it by the gap', () => {
    const base = { year: 2026, month: 3, day: 29, hour: 2, minute: 30 };
    expect(resolve('Europe/Berlin', base).candidates).toEqual([]);
    expect(resolve('Europe/Berlin', base, 'earlier').dateTime!.toISO()).toBe('2026-03-29T01:30:00.000+01:00');
    expect(resolve('Europe/Berlin', base, 'later').dateTime!.toISO()).toBe('2026-03-29T03:30:00.000+02:00');
    expect(resolve('Europe/Berlin', base, 'reject').dateTime).toBeNull();
  });

  it('the edges of a gap: its first minute is skipped, its end exists', () => {
    expect(resolve('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 1, minute: 59, second: 59 }).nonexistent).toBe(false);
    expect(resolve('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 2, minute: 0 }).nonexistent).toBe(true);
    expect(resolve('Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 3, minute: 0 }).nonexistent).toBe(false);
  });

  it('a whole skipped day (Pacific/Apia, 2011-12-30) moves forward 24 hours', () => {
    const r = resolve('Pacific/Apia', { year: 2011, month: 12, day: 30, hour: 12, minute: 0 });
    expect(r).toMatchObject({ nonexistent: true, shiftMinutes: 1440 });
    expect(r.dateTime!.toISO()).toBe('2011-12-31T12:00:00.000+14:00');
  });
});

describe('resolveZone', () => {
  it('accepts any capitalisation and restores the usual one', () => {
    expect(zone('america/new_york').name).toBe('America/New_York');
    expect(zone('utc').name).toBe('UTC');
    expect(zone('Asia/Kolkata').name).toBe('Asia/Kolkata');
    expect(zone('Asia/Calcutta').name).toBe('Asia/Calcutta');
  });

  it('explains unknown names', () => {
    expect(resolveZone('Mars/Base')).toEqual({
      ok: false,
      problem: "unknown IANA time zone 'Mars/Base'; use an IANA name like 'Europe/Lisbon', 'America/New_York' or 'UTC'",
    });
    expect(resolveZone('kolkata')).toEqual({ ok: false, problem: "unknown IANA time zone 'kolkata'; did you mean 'Asia/Kolkata'?" });
    expect(resolveZone('')).toMatchObject({ ok: false });
  });
});
