import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { convertUnit } from '../units/convertUnit.js';
import { loadUnitMath } from '../units/loadUnitMath.js';

const Args = Type.Object(
  {
    value: Type.Number({ description: 'Numeric value to convert' }),
    from_unit: Type.String({ description: 'Source unit (case-insensitive)' }),
    to_unit: Type.String({ description: 'Target unit (case-insensitive)' }),
  },
  { title: 'UnitConvertArgs' },
);

const Output = Type.Object(
  {
    result: Type.Union([Type.Number(), Type.Null()], { description: 'Converted value (null on error; OVOS: nan)' }),
    from_unit: Type.String(),
    to_unit: Type.String(),
    category: Type.String({ description: 'Measurement category' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Error on failure' }),
  },
  { title: 'UnitConvertOutput' },
);

/**
 * `unit_convert(value, from_unit, to_unit)` → `{result, from_unit, to_unit, category, error}` (OVOS
 * MathToolBox, wire spec §5.5). Categories length, mass, volume, time, speed, area, data, temperature;
 * errors `Unknown unit: '<u>'` and `Incompatible categories: '<a>' vs '<b>'` as values. Runs in-process
 * (only table lookups and mathjs unit arithmetic on known units).
 */
export function unitConvertTool(): AgentTool {
  return defineTool({
    name: 'unit_convert',
    description:
      'Convert a value between units of length, mass, volume, time, speed, area, data (decimal kB/MB/GB and binary KiB/MiB/GiB prefixes) and temperature (Celsius, Fahrenheit, Kelvin).',
    argumentSchema: Args,
    outputSchema: Output,
    readOnly: true,
    idempotent: true,
    openWorld: false,
    tags: ['math', 'units', 'read-only'],
    errorModes: "Unknown units and mixed categories are returned in `error` with `result` null: \"Unknown unit: 'foo'\", \"Incompatible categories: 'length' vs 'mass'\".",
    examples: [
      { arguments: { value: 5, from_unit: 'km', to_unit: 'mi' }, result: { result: 3.10685596118667, from_unit: 'km', to_unit: 'mi', category: 'length', error: null } },
      { arguments: { value: 100, from_unit: 'F', to_unit: 'C' }, result: { result: 37.7777777777778, from_unit: 'F', to_unit: 'C', category: 'temperature', error: null } },
    ],
    toolCall: async ({ value, from_unit, to_unit }) => ({ ...convertUnit(await loadUnitMath(), value, from_unit, to_unit), from_unit, to_unit }),
  });
}
