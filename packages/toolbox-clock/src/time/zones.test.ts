import { ClockToolBox } from '@ovos-tools/toolbox-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveZone, systemZone } from './zones.js';

const originalTz = process.env.TZ;
const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** Counts the `Intl.DateTimeFormat`s built while `run` runs (each one holds ICU memory until a garbage collection). */
async function formatsBuiltBy(run: () => unknown): Promise<number> {
  let built = 0;
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args) {
      built++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      built++;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    await run();
  } finally {
    Intl.DateTimeFormat = RealDateTimeFormat;
  }
  return built;
}

describe('time zones without a new Intl.DateTimeFormat per call', () => {
  it('a repeated get_current_datetime or convert_time builds no Intl.DateTimeFormat once the zones are known', async () => {
    process.env.TZ = 'Europe/Lisbon';
    const box = new ClockToolBox();
    const args = { time: '15:00', date: '2026-07-01', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' };
    await box.callTool('get_current_datetime', {});
    await box.callTool('get_current_datetime', { timezone: 'asia/kolkata' });
    await box.callTool('convert_time', args);
    const built = await formatsBuiltBy(async () => {
      for (let i = 0; i < 50; i++) {
        await box.callTool('get_current_datetime', {});
        await box.callTool('get_current_datetime', { timezone: 'asia/kolkata' });
        await box.callTool('convert_time', args);
      }
    });
    expect(built).toBe(0);
  });

  it('follows a change of TZ in the process', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(systemZone().name).toBe('Asia/Tokyo');
    process.env.TZ = 'America/New_York';
    expect(systemZone().name).toBe('America/New_York');
    expect(systemZone().zone.offset(Date.UTC(2026, 0, 15))).toBe(-300);
  });

  it('still refuses unknown zones, however many different names arrive', () => {
    for (let i = 0; i < 1100; i++) expect(resolveZone(`Mars/Base${i}`).ok).toBe(false);
    expect(resolveZone('Europe/Berlin')).toMatchObject({ ok: true, name: 'Europe/Berlin' });
    expect(resolveZone('Mars/Base0').ok).toBe(false);
  });
});
