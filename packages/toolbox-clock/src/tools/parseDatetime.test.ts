import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { silentLogger, type ToolError } from '@ovos-tools/core';
import { ClockToolBox } from '@ovos-tools/toolbox-clock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const box = new ClockToolBox({ logger: silentLogger });
const parse = (args: Record<string, unknown>) => box.callTool('parse_datetime', args);
const failure = (args: Record<string, unknown>) => parse(args).then(
  () => { throw new Error('expected parse_datetime to fail'); },
  (e: unknown) => e as ToolError,
);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
/** Wednesday 25 March 2026, 10:00 in Berlin (+01:00, before the EU DST change). */
const BERLIN = { reference: '2026-03-25T10:00', timezone: 'Europe/Berlin' };

afterEach(() => {
  vi.useRealTimers();
});

describe('parse_datetime', () => {
  it('returns every contract field', async () => {
    expect(await parse({ text: 'next friday at 3pm', ...BERLIN })).toEqual({
      iso: '2026-04-03T15:00:00+02:00',
      date: '2026-04-03',
      time: '15:00:00',
      timezone: 'Europe/Berlin',
      text_matched: 'next friday at 3pm',
      time_certain: true,
      end_iso: null,
      reference: '2026-03-25T10:00:00+01:00',
      note: null,
      error: null,
    });
  });

  it('returns an error value, not an exception, when nothing parses', async () => {
    expect(await parse({ text: 'banana bread', ...BERLIN })).toEqual({
      iso: null,
      date: null,
      time: null,
      timezone: 'Europe/Berlin',
      text_matched: null,
      time_certain: false,
      end_iso: null,
      reference: '2026-03-25T10:00:00+01:00',
      note: null,
      error: "No date or time found in 'banana bread'. Try phrases like 'tomorrow at 9am', 'next friday at 3pm' or 'in 2 hours'.",
    });
  });

  it.each([
    ['friday at 3pm', '2026-03-27T15:00:00+01:00', true],
    ['in 2 hours', '2026-03-25T12:00:00+01:00', true],
    ['in 30 minutes', '2026-03-25T10:30:00+01:00', true],
    ['tomorrow morning', '2026-03-26T06:00:00+01:00', false],
    ['tomorrow', '2026-03-26T10:00:00+01:00', false],
    ['this afternoon', '2026-03-25T15:00:00+01:00', false],
    ['this evening', '2026-03-25T20:00:00+01:00', false],
    ['noon', '2026-03-25T12:00:00+01:00', true],
    ['in 3 days', '2026-03-28T10:00:00+01:00', false],
    ['yesterday at 8pm', '2026-03-24T20:00:00+01:00', true],
    ['March 3rd at 9am', '2027-03-03T09:00:00+01:00', true],
    ['5pm EST', '2026-03-25T23:00:00+01:00', true],
    ['3pm UTC', '2026-03-25T16:00:00+01:00', true],
  ])('%s (Berlin, Wed 2026-03-25 10:00)', async (text, iso, timeCertain) => {
    const out = await parse({ text, ...BERLIN });
    expect(out.iso).toBe(iso);
    expect(out.date).toBe(iso.slice(0, 10));
    expect(out.time).toBe(iso.slice(11, 19));
    expect(out.text_matched).toBe(text);
    expect(out.time_certain).toBe(timeCertain);
    expect(out.error).toBeNull();
  });

  it('finds the phrase inside a sentence', async () => {
    const out = await parse({ text: 'please remind me in 2 hours to call mum', reference: '2026-03-25T10:00:00-04:00', timezone: 'America/New_York' });
    expect(out).toMatchObject({ iso: '2026-03-25T12:00:00-04:00', text_matched: 'in 2 hours' });
  });

  it('prefer_future=false reads incomplete dates backwards', async () => {
    expect((await parse({ text: 'March 3rd at 9am', ...BERLIN, prefer_future: false })).iso).toBe('2026-03-03T09:00:00+01:00');
    expect((await parse({ text: 'March 3rd at 9am', ...BERLIN, prefer_future: 'no' })).iso).toBe('2026-03-03T09:00:00+01:00');
  });

  it('reports ranges with end_iso', async () => {
    const out = await parse({ text: 'from 3 to 5pm tomorrow', ...BERLIN });
    expect(out).toMatchObject({ iso: '2026-03-26T15:00:00+01:00', end_iso: '2026-03-26T17:00:00+01:00' });
  });

  describe('references and zones', () => {
    it('a reference with an offset is an instant, reported in timezone', async () => {
      const out = await parse({ text: 'in 1 hour', reference: '2026-03-25T09:00:00Z', timezone: 'Europe/Berlin' });
      expect(out).toMatchObject({ reference: '2026-03-25T10:00:00+01:00', iso: '2026-03-25T11:00:00+01:00' });
    });

    it('Asia/Kolkata (+05:30)', async () => {
      const out = await parse({ text: 'tonight at 9', reference: '2026-03-25T10:00', timezone: 'Asia/Kolkata' });
      expect(out).toMatchObject({ iso: '2026-03-25T21:00:00+05:30', timezone: 'Asia/Kolkata' });
    });

    it('America/New_York across the US spring-forward', async () => {
      const out = await parse({ text: 'next monday at 9am', reference: '2026-03-06T10:00', timezone: 'America/New_York' });
      expect(out).toMatchObject({ reference: '2026-03-06T10:00:00-05:00', iso: '2026-03-09T09:00:00-04:00' });
    });

    it('defaults the reference to now', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-25T09:00:00Z'));
      const out = await parse({ text: 'tomorrow at 9am', timezone: 'Europe/Berlin' });
      expect(out).toMatchObject({ reference: '2026-03-25T10:00:00+01:00', iso: '2026-03-26T09:00:00+01:00' });
    });

    it('defaults the zone to the system zone', async () => {
      const out = await parse({ text: 'tomorrow at 9am', reference: '2026-03-25T10:00:00Z' });
      expect(out.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    });
  });

  describe('DST edges', () => {
    it('a skipped wall time moves forward and says so (Berlin 2026-03-29 02:30)', async () => {
      const out = await parse({ text: 'tomorrow at 2:30am', reference: '2026-03-28T10:00', timezone: 'Europe/Berlin' });
      expect(out).toMatchObject({ iso: '2026-03-29T03:30:00+02:00', reference: '2026-03-28T10:00:00+01:00' });
      expect(out.note).toContain('The local time 2026-03-29 02:30 does not exist in Europe/Berlin');
    });

    it('a repeated wall time takes its first occurrence (Berlin 2026-10-25 02:30)', async () => {
      const out = await parse({ text: 'tomorrow at 2:30am', reference: '2026-10-24T10:00', timezone: 'Europe/Berlin' });
      expect(out.iso).toBe('2026-10-25T02:30:00+02:00');
      expect(out.note).toContain('happens twice in Europe/Berlin');
    });

    it('durations are exact elapsed time across the change; calendar phrases keep the wall clock', async () => {
      const hours = await parse({ text: 'in 2 hours', reference: '2026-03-29T01:30', timezone: 'Europe/Berlin' });
      expect(hours.iso).toBe('2026-03-29T04:30:00+02:00');
      const day = await parse({ text: 'in 24 hours', reference: '2026-03-28T12:00', timezone: 'Europe/Berlin' });
      expect(day.iso).toBe('2026-03-29T13:00:00+02:00');
      const tomorrow = await parse({ text: 'tomorrow at noon', reference: '2026-03-28T12:00', timezone: 'Europe/Berlin' });
      expect(tomorrow.iso).toBe('2026-03-29T12:00:00+02:00');
    });

    it('Australia/Lord_Howe: an hour after the first 01:15 on the fall-back day', async () => {
      const out = await parse({ text: 'in 1 hour', reference: '2026-04-05T01:15', timezone: 'Australia/Lord_Howe' });
      expect(out).toMatchObject({ reference: '2026-04-05T01:15:00+11:00', iso: '2026-04-05T01:45:00+10:30' });
    });
  });

  describe('languages', () => {
    it.each([
      ['nächsten Freitag um 15 Uhr', 'de-DE', 'Europe/Berlin', '2026-04-03T15:00:00+02:00'],
      ['amanhã às 15:00', 'pt-PT', 'Europe/Lisbon', '2026-03-26T15:00:00+00:00'],
      ['demain à 15h', 'fr', 'Europe/Paris', '2026-03-26T15:00:00+01:00'],
      ['1/2/2026 at 10am', 'en-GB', 'Europe/London', '2026-02-01T10:00:00+00:00'],
      ['1/2/2026 at 10am', 'en-US', 'America/New_York', '2026-01-02T10:00:00-05:00'],
    ])('%s (%s)', async (text, lang, timezone, iso) => {
      expect((await parse({ text, lang, timezone, reference: '2026-03-25T10:00' })).iso).toBe(iso);
    });
  });

  // four Node processes, side by side; the bound is for a loaded 2-core machine (one run took over 30 s in turn)
  it('gives the same answers whatever the host time zone (child processes)', { timeout: 120_000 }, async () => {
    const cases = [
      { text: 'tomorrow at 2:30am', reference: '2026-03-28T10:00', timezone: 'Europe/Berlin' },
      { text: 'in 2 hours', reference: '2026-03-29T01:30', timezone: 'Europe/Berlin' },
      { text: 'next monday at 9am', reference: '2026-03-06T10:00', timezone: 'America/New_York' },
      { text: 'in 1 hour', reference: '2026-04-05T01:15', timezone: 'Australia/Lord_Howe' },
      { text: 'friday at 3pm', reference: '2026-03-25T10:00', timezone: 'Asia/Kolkata' },
    ];
    const script = `import { ClockToolBox } from '@ovos-tools/toolbox-clock';
      const box = new ClockToolBox();
      const out = [];
      for (const c of ${JSON.stringify(cases)}) out.push((await box.callTool('parse_datetime', c)).iso);
      console.log(JSON.stringify(out));`;
    const run = async (tz: string) =>
      JSON.parse((await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, env: { ...process.env, TZ: tz } })).stdout);
    const expected = ['2026-03-29T03:30:00+02:00', '2026-03-29T04:30:00+02:00', '2026-03-09T09:00:00-04:00', '2026-04-05T01:45:00+10:30', '2026-03-27T15:00:00+05:30'];
    const zones = ['UTC', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    const answers = await Promise.all(zones.map(run));
    zones.forEach((tz, i) => expect(answers[i], tz).toEqual(expected));
  });

  describe('errors', () => {
    const PREFIX = "Tool input validation failed for 'parse_datetime' in ToolBox 'ovos-clock-tools': ";
    it.each([
      [{ text: 'tomorrow', timezone: 'Mars/Base' }, "timezone: unknown IANA time zone 'Mars/Base'"],
      [{ text: 'tomorrow', reference: 'yesterday' }, "reference: could not read 'yesterday' as an ISO-8601 date-time"],
      [{ text: 'tomorrow', reference: '10:00' }, "reference: could not read '10:00' as an ISO-8601 date-time"],
      [{ text: 'tomorrow', lang: 'tlh' }, "lang: chrono-node cannot parse 'tlh'; supported languages: ar, de, en"],
      [{ text: '' }, 'text: '],
      [{ text: 'x'.repeat(1001) }, 'text: '],
    ])('%j', async (args, detail) => {
      const err = await failure(args);
      expect(err.code).toBe('invalid_arguments');
      expect(err.ovosClass).toBe('ValueError');
      expect(err.message.startsWith(PREFIX + detail)).toBe(true);
    });
  });
});
