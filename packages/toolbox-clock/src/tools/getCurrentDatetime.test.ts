import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { silentLogger, type ToolError } from '@ovos-tools/core';
import { ClockToolBox } from '@ovos-tools/toolbox-clock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const box = () => new ClockToolBox({ logger: silentLogger });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?[+-]\d{2}:\d{2}$/;
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

afterEach(() => {
  vi.useRealTimers();
});

describe('get_current_datetime', () => {
  it('has the OVOS name, description and no required arguments', () => {
    const tool = box().getTool('get_current_datetime')!;
    const args = tool.argumentSchema as { required?: string[] };
    const output = tool.outputSchema as { properties: Record<string, unknown> };
    expect(tool.description).toBe('Return the current system date and time in ISO-8601 format.');
    expect(args.required ?? []).toEqual([]);
    expect(Object.keys(output.properties)).toEqual(['iso', 'date', 'time', 'timezone']);
    expect(tool.readOnly).toBe(true);
  });

  it('returns the real current time in the contract format', async () => {
    const before = Date.now();
    const out = await box().callTool('get_current_datetime', {});
    const after = Date.now();
    expect(Object.keys(out).sort()).toEqual(['date', 'iso', 'time', 'timezone']);
    expect(out.iso).toMatch(ISO);
    expect(out.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(out.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(String(out.iso).startsWith(`${out.date}T${out.time}`)).toBe(true);
    const ms = Date.parse(String(out.iso));
    expect(ms).toBeGreaterThanOrEqual(before - 1000);
    expect(ms).toBeLessThanOrEqual(after + 1000);
    expect(out.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('reports a requested IANA zone, including half-hour offsets and DST', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-29T01:30:00Z'));
    const b = box();
    expect(await b.callTool('get_current_datetime', { timezone: 'Europe/Berlin' })).toEqual({
      iso: '2026-03-29T03:30:00+02:00',
      date: '2026-03-29',
      time: '03:30:00',
      timezone: 'Europe/Berlin',
    });
    expect(await b.callTool('get_current_datetime', { timezone: 'asia/kolkata' })).toEqual({
      iso: '2026-03-29T07:00:00+05:30',
      date: '2026-03-29',
      time: '07:00:00',
      timezone: 'Asia/Kolkata',
    });
    expect((await b.callTool('get_current_datetime', { timezone: 'UTC' })).iso).toBe('2026-03-29T01:30:00+00:00');
    expect((await b.callTool('get_current_datetime', { timezone: 'America/New_York' })).iso).toBe('2026-03-28T21:30:00-04:00');
  });

  it('prints milliseconds only when they are non-zero', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05.678Z'));
    const out = await box().callTool('get_current_datetime', { timezone: 'UTC' });
    expect(out).toEqual({ iso: '2026-01-02T03:04:05.678+00:00', date: '2026-01-02', time: '03:04:05', timezone: 'UTC' });
  });

  it('treats a blank timezone as the system zone', async () => {
    const out = await box().callTool('get_current_datetime', { timezone: '  ' });
    expect(out.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('names the system zone from TZ (child process, TZ=America/New_York)', () => {
    const script = "import { ClockToolBox } from '@ovos-tools/toolbox-clock'; console.log(JSON.stringify(await new ClockToolBox().callTool('get_current_datetime', {})));";
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, env: { ...process.env, TZ: 'America/New_York' } }).toString());
    expect(out.timezone).toBe('America/New_York');
    expect(out.iso).toMatch(/-0[45]:00$/);
  });

  it('falls back to the UTC offset when the system zone has no IANA name (TZ=FOO-3)', () => {
    const script = "import { ClockToolBox } from '@ovos-tools/toolbox-clock'; console.log(JSON.stringify(await new ClockToolBox().callTool('get_current_datetime', {})));";
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, env: { ...process.env, TZ: 'FOO-3' } }).toString());
    expect(out.timezone).toBe('+03:00');
    expect(out.iso).toMatch(/\+03:00$/);
  });

  it('rejects an unknown zone with a ValueError naming it', async () => {
    const err = (await box().callTool('get_current_datetime', { timezone: 'Mars/Base' }).catch((e: unknown) => e)) as ToolError;
    expect(err.code).toBe('invalid_arguments');
    expect(err.ovosClass).toBe('ValueError');
    expect(`${err.ovosClass}: ${err.message}`).toMatch(
      /^ValueError: Tool input validation failed for 'get_current_datetime' in ToolBox 'ovos-clock-tools': timezone: unknown IANA time zone 'Mars\/Base'; use an IANA name like 'Europe\/Lisbon'/,
    );
  });

  it('suggests the IANA name for a bare city', async () => {
    const err = (await box().callTool('get_current_datetime', { timezone: 'New York' }).catch((e: unknown) => e)) as ToolError;
    expect(err.message).toContain("timezone: unknown IANA time zone 'New York'; did you mean 'America/New_York'?");
  });

  it('rejects fixed-offset strings, which are not IANA names', async () => {
    const err = (await box().callTool('get_current_datetime', { timezone: '+05:30' }).catch((e: unknown) => e)) as ToolError;
    expect(err.code).toBe('invalid_arguments');
    expect(err.message).toContain("unknown IANA time zone '+05:30'");
  });

  it('rejects a non-string timezone through the schema', async () => {
    const err = (await box().callTool('get_current_datetime', { timezone: 5 }).catch((e: unknown) => e)) as ToolError;
    expect(err.code).toBe('invalid_arguments');
    expect(err.message).toContain('timezone');
  });
});
