/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { ClockToolBox } from './ClockToolBox.js';
export { getCurrentDatetimeTool, GetCurrentDatetimeArgs, GetCurrentDatetimeOutput } from './tools/getCurrentDatetime.js';
export { convertTimeTool, ConvertTimeArgs, ConvertTimeOutput } from './tools/convertTime.js';
export { parseDatetimeTool, ParseDatetimeArgs, ParseDatetimeOutput } from './tools/parseDatetime.js';
export { resolveLocalTime } from './time/resolveLocalTime.js';
export type { Disambiguation, LocalFields, LocalTimeResolution } from './time/resolveLocalTime.js';
export { resolveZone, systemZone } from './time/zones.js';
export type { ZoneResolution } from './time/zones.js';
