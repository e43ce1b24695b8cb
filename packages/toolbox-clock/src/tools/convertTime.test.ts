import { silentLogger, type ToolError } from '@ovos-tools/core';
import { ClockToolBox } from '@ovos-tools/toolbox-clock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const box = new ClockToolBox({ logger: silentLogger });
const convert = (args: Record<string, unknown>) => box.callTool('convert_time', args);
const failure = (args: Record<string, unknown>) => convert(args).then(
  () => { throw new Error('expected convert_time to fail'); },
  (e: unknown) => e as ToolError,
);

afterEach(() => {
  vi.useRealTimers();
});

describe('convert_time', () => {
  it('returns every contract field', async () => {
    expect(await convert({ time: '15:00', date: '2026-07-01', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' })).toEqual({
      from_iso: '2026-07-01T15:00:00-04:00',
      from_timezone: 'America/New_York',
      from_offset: '-04:00',
      to_iso: '2026-07-01T21:00:00+02:00',
      to_timezone: 'Europe/Berlin',
      to_offset: '+02:00',
      to_date: '2026-07-01',
      to_time: '21:00:00',
      difference_hours: 6,
      day_shift: 0,
      ambiguous: false,
      nonexistent: false,
      note: null,
    });
  });

  it('uses winter offsets in winter (America/New_York -05:00, Europe/Berlin +01:00)', async () => {
    const out = await convert({ time: '2026-01-15T09:00', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' });
    expect(out).toMatchObject({ from_iso: '2026-01-15T09:00:00-05:00', to_iso: '2026-01-15T15:00:00+01:00', difference_hours: 6 });
  });

  it('follows the different US and EU DST dates (a 5-hour gap in mid-March)', async () => {
    // US clocks move on 2026-03-08, EU on 2026-03-29.
    const out = await convert({ time: '2026-03-20T09:00', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' });
    expect(out).toMatchObject({ from_offset: '-04:00', to_offset: '+01:00', to_time: '14:00:00', difference_hours: 5 });
  });

  it('handles half-hour offsets (Asia/Kolkata) and reports fractional differences', async () => {
    const out = await convert({ time: '09:15', date: '2026-02-01', from_timezone: 'Europe/London', to_timezone: 'Asia/Kolkata' });
    expect(out).toMatchObject({ to_iso: '2026-02-01T14:45:00+05:30', to_offset: '+05:30', difference_hours: 5.5 });
  });

  it('reports a change of calendar day', async () => {
    const east = await convert({ time: '11pm', date: '2026-01-10', from_timezone: 'America/Los_Angeles', to_timezone: 'Australia/Lord_Howe' });
    expect(east).toMatchObject({ to_iso: '2026-01-11T18:00:00+11:00', day_shift: 1, difference_hours: 19 });
    const west = await convert({ time: '2026-01-11T18:00', from_timezone: 'Australia/Lord_Howe', to_timezone: 'America/Los_Angeles' });
    expect(west).toMatchObject({ to_iso: '2026-01-10T23:00:00-08:00', day_shift: -1, difference_hours: -19 });
  });

  describe('DST edges', () => {
    it('Europe/Berlin spring-forward: 2026-03-29 02:30 does not exist and moves forward by default', async () => {
      const out = await convert({ time: '2026-03-29T02:30', from_timezone: 'Europe/Berlin', to_timezone: 'UTC' });
      expect(out).toMatchObject({
        from_iso: '2026-03-29T03:30:00+02:00',
        to_iso: '2026-03-29T01:30:00+00:00',
        nonexistent: true,
        ambiguous: false,
      });
      expect(out.note).toBe(
        'The local time 2026-03-29 02:30 does not exist in Europe/Berlin: clocks skip 60 minutes there (DST starts); moved forward by 60 minutes to 03:30 (+02:00).',
      );
    });

    it('spring-forward with earlier / later / reject', async () => {
      const base = { time: '02:30', date: '2026-03-29', from_timezone: 'Europe/Berlin', to_timezone: 'UTC' };
      expect(await convert({ ...base, disambiguation: 'earlier' })).toMatchObject({ from_iso: '2026-03-29T01:30:00+01:00', to_iso: '2026-03-29T00:30:00+00:00', nonexistent: true });
      expect(await convert({ ...base, disambiguation: 'later' })).toMatchObject({ from_iso: '2026-03-29T03:30:00+02:00', to_iso: '2026-03-29T01:30:00+00:00', nonexistent: true });
      const err = await failure({ ...base, disambiguation: 'reject' });
      expect(err.code).toBe('invalid_arguments');
      expect(err.message).toContain('time: The local time 2026-03-29 02:30 does not exist in Europe/Berlin');
    });

    it('Europe/Berlin fall-back: 2026-10-25 02:30 is ambiguous; the earlier occurrence by default', async () => {
      const base = { time: '02:30', date: '2026-10-25', from_timezone: 'Europe/Berlin', to_timezone: 'UTC' };
      const first = await convert(base);
      expect(first).toMatchObject({ from_iso: '2026-10-25T02:30:00+02:00', to_iso: '2026-10-25T00:30:00+00:00', ambiguous: true, nonexistent: false });
      expect(first.note).toBe(
        'The local time 2026-10-25 02:30 happens twice in Europe/Berlin (clocks go back 60 minutes); used the earlier one at +02:00, the other is at +01:00.',
      );
      expect(await convert({ ...base, disambiguation: 'earlier' })).toMatchObject({ to_iso: '2026-10-25T00:30:00+00:00' });
      expect(await convert({ ...base, disambiguation: 'later' })).toMatchObject({ from_iso: '2026-10-25T02:30:00+01:00', to_iso: '2026-10-25T01:30:00+00:00', ambiguous: true });
      expect((await failure({ ...base, disambiguation: 'reject' })).message).toContain('happens twice in Europe/Berlin');
    });

    it('an explicit offset picks the occurrence and is never ambiguous', async () => {
      const out = await convert({ time: '2026-10-25T02:30:00+01:00', from_timezone: 'Europe/Berlin', to_timezone: 'Asia/Kolkata' });
      expect(out).toMatchObject({ from_iso: '2026-10-25T02:30:00+01:00', to_iso: '2026-10-25T07:00:00+05:30', ambiguous: false, note: null });
    });

    it('an offset that is not the source zone’s converts the instant and says so', async () => {
      const out = await convert({ time: '2026-07-01T12:00:00Z', from_timezone: 'Europe/Berlin', to_timezone: 'America/New_York' });
      expect(out).toMatchObject({ from_iso: '2026-07-01T14:00:00+02:00', to_iso: '2026-07-01T08:00:00-04:00' });
      expect(out.note).toContain("The offset in time (+00:00) is not Europe/Berlin's");
    });

    it('America/New_York: 2026-03-08 02:30 does not exist, 2026-11-01 01:30 happens twice', async () => {
      const gap = await convert({ time: '2026-03-08T02:30', from_timezone: 'America/New_York', to_timezone: 'UTC' });
      expect(gap).toMatchObject({ from_iso: '2026-03-08T03:30:00-04:00', to_iso: '2026-03-08T07:30:00+00:00', nonexistent: true });
      const overlap = await convert({ time: '2026-11-01T01:30', from_timezone: 'America/New_York', to_timezone: 'UTC' });
      expect(overlap).toMatchObject({ from_iso: '2026-11-01T01:30:00-04:00', to_iso: '2026-11-01T05:30:00+00:00', ambiguous: true });
      const later = await convert({ time: '2026-11-01T01:30', from_timezone: 'America/New_York', to_timezone: 'UTC', disambiguation: 'later' });
      expect(later).toMatchObject({ from_iso: '2026-11-01T01:30:00-05:00', to_iso: '2026-11-01T06:30:00+00:00' });
    });

    it('Australia/Lord_Howe half-hour DST: 30-minute gap and overlap', async () => {
      const overlap = await convert({ time: '2026-04-05T01:45', from_timezone: 'Australia/Lord_Howe', to_timezone: 'UTC' });
      expect(overlap).toMatchObject({ from_iso: '2026-04-05T01:45:00+11:00', to_iso: '2026-04-04T14:45:00+00:00', ambiguous: true });
      expect(overlap.note).toContain('clocks go back 30 minutes');
      const later = await convert({ time: '2026-04-05T01:45', from_timezone: 'Australia/Lord_Howe', to_timezone: 'UTC', disambiguation: 'later' });
      expect(later).toMatchObject({ from_iso: '2026-04-05T01:45:00+10:30', to_iso: '2026-04-04T15:15:00+00:00' });
      const gap = await convert({ time: '2026-10-04T02:15', from_timezone: 'Australia/Lord_Howe', to_timezone: 'UTC' });
      expect(gap).toMatchObject({ from_iso: '2026-10-04T02:45:00+11:00', to_iso: '2026-10-03T15:45:00+00:00', nonexistent: true });
      expect(gap.note).toContain('clocks skip 30 minutes');
      const winter = await convert({ time: '2026-07-01T12:00', from_timezone: 'Australia/Lord_Howe', to_timezone: 'UTC' });
      expect(winter).toMatchObject({ from_offset: '+10:30', to_iso: '2026-07-01T01:30:00+00:00', ambiguous: false, nonexistent: false });
    });

    it('converting into a zone during its DST change shows the new offset', async () => {
      const before = await convert({ time: '2026-03-29T00:59:59Z', from_timezone: 'UTC', to_timezone: 'Europe/Berlin' });
      const after = await convert({ time: '2026-03-29T01:00:00Z', from_timezone: 'UTC', to_timezone: 'Europe/Berlin' });
      expect(before).toMatchObject({ to_iso: '2026-03-29T01:59:59+01:00', to_offset: '+01:00' });
      expect(after).toMatchObject({ to_iso: '2026-03-29T03:00:00+02:00', to_offset: '+02:00' });
    });
  });

  describe('round trips', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns'];
    const times = ['2026-01-15T08:20', '2026-03-29T12:00', '2026-07-04T23:45', '2026-10-25T12:00', '2026-12-31T23:59:59'];
    it.each(zones)('%s → every zone → back', async (from) => {
      for (const to of zones) for (const time of times) {
        const there = await convert({ time, from_timezone: from, to_timezone: to });
        const back = await convert({ time: there.to_iso, from_timezone: to, to_timezone: from });
        expect(back.to_iso).toBe(there.from_iso);
        expect(Date.parse(String(there.to_iso))).toBe(Date.parse(String(there.from_iso)));
      }
    });

    it('a local wall time survives the trip when it is neither skipped nor repeated', async () => {
      const there = await convert({ time: '2026-05-10T07:05:09', from_timezone: 'Asia/Kolkata', to_timezone: 'America/St_Johns' });
      const back = await convert({ time: String(there.to_iso).slice(0, 19), from_timezone: 'America/St_Johns', to_timezone: 'Asia/Kolkata' });
      expect(back.to_iso).toBe('2026-05-10T07:05:09+05:30');
    });
  });

  describe('input forms', () => {
    it.each([
      ['14:30', '14:30:00'],
      ['9:05', '09:05:00'],
      ['09:05:30', '09:05:30'],
      ['2:30pm', '14:30:00'],
      ['2 PM', '14:00:00'],
      ['12am', '00:00:00'],
      ['12:15 p.m.', '12:15:00'],
    ])('time of day %s', async (time, expected) => {
      const out = await convert({ time, date: '2026-02-02', from_timezone: 'UTC', to_timezone: 'UTC' });
      expect(out.to_time).toBe(expected);
      expect(out.to_date).toBe('2026-02-02');
    });

    it('accepts a space instead of T and a date that agrees with time', async () => {
      const out = await convert({ time: '2026-02-02 14:30', date: '2026-02-02', from_timezone: 'UTC', to_timezone: 'Asia/Tokyo' });
      expect(out.to_iso).toBe('2026-02-02T23:30:00+09:00');
    });

    it('a time of day without a date uses today in the source zone', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-30T23:30:00Z')); // already 1 July in Tokyo
      const out = await convert({ time: '08:00', from_timezone: 'Asia/Tokyo', to_timezone: 'UTC' });
      expect(out.from_iso).toBe('2026-07-01T08:00:00+09:00');
    });

    it('defaults from_timezone to the system zone', async () => {
      const out = await convert({ time: '2026-02-02T10:00', to_timezone: 'UTC' });
      expect(out.from_timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    });
  });

  describe('errors', () => {
    const PREFIX = "Tool input validation failed for 'convert_time' in ToolBox 'ovos-clock-tools': ";
    it.each([
      [{ time: '10:00', from_timezone: 'Mars/Base', to_timezone: 'UTC' }, "from_timezone: unknown IANA time zone 'Mars/Base'"],
      [{ time: '10:00', from_timezone: 'UTC', to_timezone: 'Tokyo' }, "to_timezone: unknown IANA time zone 'Tokyo'; did you mean 'Asia/Tokyo'?"],
      [{ time: '25:99', to_timezone: 'UTC' }, "time: could not read '25:99' as a time"],
      [{ time: 'teatime', to_timezone: 'UTC' }, "time: could not read 'teatime' as a time"],
      [{ time: '2026-02-30T10:00', to_timezone: 'UTC' }, "time: could not read '2026-02-30T10:00' as a time"],
      [{ time: '2026-02-03', to_timezone: 'UTC' }, "time: '2026-02-03' has no time of day"],
      [{ time: '10:00', date: '03/02/2026', to_timezone: 'UTC' }, "date: could not read '03/02/2026' as a calendar date"],
      [{ time: '2026-02-03T10:00', date: '2026-02-04', to_timezone: 'UTC' }, "date: '2026-02-04' contradicts the date in time"],
    ])('%j', async (args, detail) => {
      const err = await failure(args);
      expect(err.code).toBe('invalid_arguments');
      expect(err.ovosClass).toBe('ValueError');
      expect(err.message.startsWith(PREFIX + detail)).toBe(true);
    });

    it('schema errors: missing to_timezone, unknown disambiguation', async () => {
      expect((await failure({ time: '10:00' })).message).toContain('to_timezone: required property is missing');
      expect((await failure({ time: '10:00', to_timezone: 'UTC', disambiguation: 'latest' })).message).toContain('disambiguation');
    });
  });
});
