import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FakeBus, Message, personaCallTopic, silentLogger, TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION, toolSpecJson, type ToolError } from '@ovos-tools/core';
import { ClockToolBox } from '@ovos-tools/toolbox-clock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const CALL = 'ovos.persona.tools.ovos-clock-tools.call';

const originalTz = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('ClockToolBox', () => {
  it('is the ovos-clock-tools toolbox with three tools, config-free', () => {
    const box = new ClockToolBox();
    expect(ClockToolBox.toolboxId).toBe('ovos-clock-tools');
    expect(box.toolboxId).toBe('ovos-clock-tools');
    expect(box.config).toEqual({});
    expect(box.bus).toBeNull();
    expect([...box.tools.keys()]).toEqual(['get_current_datetime', 'convert_time', 'parse_datetime']);
    expect(new ClockToolBox({ config: { anything: 1 } }).tools.size).toBe(3);
  });

  it('is reachable through the entry point declared in package.json', async () => {
    const pkg = JSON.parse(readFileSync(`${packageDir}/package.json`, 'utf8'));
    const target: string = pkg.entryPoints['opm.agents.toolbox']['ovos-clock-tools'];
    const [file, exportName] = target.split('#');
    const mod = await import(pathToFileURL(`${packageDir}/${file}`).href);
    const cls = mod[exportName!];
    expect(cls).toBe(ClockToolBox);
    expect(cls[TOOLBOX_BRAND]).toBe(TOOLBOX_CONTRACT_VERSION);
  });

  it('describes every tool with summary, tags, examples and annotations', () => {
    const box = new ClockToolBox();
    for (const tool of box.tools.values()) {
      const spec = toolSpecJson(tool, box.toolboxId);
      expect(spec.summary.length).toBeGreaterThan(10);
      expect(spec.tags).toContain('clock');
      expect(spec.examples.length).toBeGreaterThanOrEqual(2);
      expect(spec.annotations.read_only).toBe(true);
      expect(spec.annotations.open_world).toBe(false);
      expect(spec.error_modes).toBeTruthy();
    }
    expect(box.getTool('get_current_datetime')!.idempotent).toBe(false);
    expect(box.getTool('convert_time')!.idempotent).toBe(true);
    expect(box.getTool('parse_datetime')!.idempotent).toBe(true);
    const names = box.openaiTools.map((t) => t.function.name);
    expect(names).toEqual(['get_current_datetime', 'convert_time', 'parse_datetime']);
  });

  it('every documented example is what the tool really answers', async () => {
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-25T10:00:00Z'));
    const box = new ClockToolBox({ logger: silentLogger });
    let checked = 0;
    for (const tool of box.tools.values()) {
      for (const example of tool.examples) {
        if (example.result) {
          expect(await box.callTool(tool.name, example.arguments), `${tool.name}: ${example.description}`).toEqual(example.result);
        } else {
          const err = (await box.callTool(tool.name, example.arguments).catch((e: unknown) => e)) as ToolError;
          expect(`${err.ovosClass}: ${err.message}`.startsWith(example.error!), `${tool.name}: ${example.description}`).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBe(7);
  });

  describe('per-toolbox bus API (FakeBus)', () => {
    it('binds ovos.persona.tools.ovos-clock-tools.call and answers {result, toolbox_id}', async () => {
      const bus = new FakeBus();
      const box = new ClockToolBox({ bus, logger: silentLogger });
      expect(personaCallTopic(box.toolboxId)).toBe(CALL);
      const reply = await bus.waitForResponse(
        new Message(CALL, {
          name: 'convert_time',
          kwargs: { time: '2026-10-25T02:30', from_timezone: 'Europe/Berlin', to_timezone: 'America/New_York', disambiguation: 'later' },
        }),
      );
      expect(reply?.type).toBe(`${CALL}.response`);
      expect(reply?.data.toolbox_id).toBe('ovos-clock-tools');
      expect(reply?.data.result).toMatchObject({ from_iso: '2026-10-25T02:30:00+01:00', to_iso: '2026-10-24T21:30:00-04:00', ambiguous: true });
      await box.close();
    });

    it('answers get_current_datetime and parse_datetime', async () => {
      const bus = new FakeBus();
      const box = new ClockToolBox({ bus, logger: silentLogger });
      const now = await bus.waitForResponse(new Message(CALL, { name: 'get_current_datetime', kwargs: {} }));
      expect(Object.keys(now?.data.result as object).sort()).toEqual(['date', 'iso', 'time', 'timezone']);
      const parsed = await bus.waitForResponse(
        new Message(CALL, { name: 'parse_datetime', kwargs: { text: 'in 90 minutes', reference: '2026-03-25T10:00:00+05:30', timezone: 'Asia/Kolkata' } }),
      );
      expect(parsed?.data.result).toMatchObject({ iso: '2026-03-25T11:30:00+05:30', text_matched: 'in 90 minutes' });
      const none = await bus.waitForResponse(new Message(CALL, { name: 'parse_datetime', kwargs: { text: 'no dates here', timezone: 'UTC' } }));
      expect((none?.data.result as { error: string }).error).toContain("No date or time found in 'no dates here'");
      await box.close();
    });

    it('an unknown zone comes back as a ValueError string with code invalid_arguments', async () => {
      const bus = new FakeBus();
      const box = new ClockToolBox({ bus, logger: silentLogger });
      const reply = await bus.waitForResponse(new Message(CALL, { name: 'get_current_datetime', kwargs: { timezone: 'Mars/Base' } }));
      expect(reply?.data).toEqual({
        error:
          "ValueError: Tool input validation failed for 'get_current_datetime' in ToolBox 'ovos-clock-tools': timezone: unknown IANA time zone 'Mars/Base'; use an IANA name like 'Europe/Lisbon', 'America/New_York' or 'UTC'",
        toolbox_id: 'ovos-clock-tools',
        code: 'invalid_arguments',
      });
      await box.close();
    });

    it('answers ovos.persona.tools.discover with the three tool specs', async () => {
      const bus = new FakeBus();
      const box = new ClockToolBox({ bus, logger: silentLogger });
      const reply = await bus.waitForResponse(new Message('ovos.persona.tools.discover', {}));
      expect(reply?.data.toolbox_id).toBe('ovos-clock-tools');
      const tools = reply?.data.tools as Array<{ name: string; description: string; argument_schema: { title: string } }>;
      expect(tools.map((t) => t.name)).toEqual(['get_current_datetime', 'convert_time', 'parse_datetime']);
      expect(tools[0]!.description).toBe('Return the current system date and time in ISO-8601 format.');
      expect(tools[0]!.argument_schema.title).toBe('GetCurrentDatetimeArgs');
      await box.close();
    });

    it('unknown tools get the OVOS error', async () => {
      const bus = new FakeBus();
      const box = new ClockToolBox({ bus, logger: silentLogger });
      const reply = await bus.waitForResponse(new Message(CALL, { name: 'get_time', kwargs: {} }));
      expect(String(reply?.data.error)).toMatch(/^ValueError: Unknown tool 'get_time' for ToolBox 'ovos-clock-tools'\./);
      await box.close();
    });
  });
});
