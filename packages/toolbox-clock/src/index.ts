/**
 * @ovos-tools/toolbox-clock — the OVOS clock toolbox (`ovos-clock-tools`): current date and time,
 * time-zone conversion and natural-language date parsing.
 */
export { ClockToolBox } from './ClockToolBox.js';
export { getCurrentDatetimeTool, GetCurrentDatetimeArgs, GetCurrentDatetimeOutput } from './tools/getCurrentDatetime.js';
export { convertTimeTool, ConvertTimeArgs, ConvertTimeOutput } from './tools/convertTime.js';
export { parseDatetimeTool, ParseDatetimeArgs, ParseDatetimeOutput } from './tools/parseDatetime.js';
export { resolveLocalTime } from './time/resolveLocalTime.js';
export type { Disambiguation, LocalFields, LocalTimeResolution } from './time/resolveLocalTime.js';
export { resolveZone, systemZone } from './time/zones.js';
export type { ZoneResolution } from './time/zones.js';
