import { ToolBox, type AgentTool } from '@ovos-tools/core';
import { chronoForLang } from './time/chronoForLang.js';
import { systemZone } from './time/zones.js';
import { convertTimeTool } from './tools/convertTime.js';
import { getCurrentDatetimeTool } from './tools/getCurrentDatetime.js';
import { parseDatetimeTool } from './tools/parseDatetime.js';

/**
 * The clock toolbox, entry point `ovos-clock-tools` (ovos-agentic-loop `tools/clock.py:ClockToolBox`,
 * wire spec §5.1): `get_current_datetime` as OVOS (plus an optional `timezone`), and two additions,
 * `convert_time` and `parse_datetime`. No config keys; `config` is accepted and ignored.
 *
 * @example
 * const box = new ClockToolBox();
 * await box.callTool('convert_time', { time: '15:00', date: '2026-07-01', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' });
 * // → { to_iso: '2026-07-01T21:00:00+02:00', ... }
 */
export class ClockToolBox extends ToolBox {
  static override toolboxId = 'ovos-clock-tools';

  /** `get_current_datetime`, `convert_time`, `parse_datetime`, in that order. */
  discoverTools(): AgentTool[] {
    return [getCurrentDatetimeTool(), convertTimeTool(), parseDatetimeTool()] as AgentTool[];
  }

  /**
   * Loads chrono-node's English parser (the default `lang` of `parse_datetime`) and the host's language's, when
   * `LANG` names another one chrono-node reads, reads the host's time zone, and compiles the validators. Other
   * languages still load on their first use.
   */
  override async warmUp(): Promise<void> {
    systemZone();
    const hostLang = (process.env.LANG ?? '').split(/[._@]/)[0] ?? '';
    await Promise.all([chronoForLang('en'), hostLang && hostLang !== 'C' ? chronoForLang(hostLang) : undefined]);
    await super.warmUp();
  }
}
