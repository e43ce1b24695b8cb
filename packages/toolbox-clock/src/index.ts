/**
 * @ovos-tools/toolbox-clock — the OVOS clock toolbox (`ovos-clock-tools`): current date and time,
 * time-zone conversion and natural-language date parsing.
 */
export { ClockToolBox } from './ClockToolBox.js';
export { GetCurrentDatetimeArgs, GetCurrentDatetimeOutput } from './tools/getCurrentDatetime.js';
export { ConvertTimeArgs, ConvertTimeOutput } from './tools/convertTime.js';
export { ParseDatetimeArgs, ParseDatetimeOutput } from './tools/parseDatetime.js';
