/** The unit categories of OVOS's `unit_convert`, exactly as reported in `category`. */
export type UnitCategory = 'length' | 'mass' | 'volume' | 'time' | 'speed' | 'area' | 'data' | 'temperature';

/** One known unit: its category and how to express it in mathjs (`scale` × `unit`). */
export interface UnitDefinition {
  /** What it measures (length, mass, temperature…); only units of one category convert into each other. */
  category: UnitCategory;
  /** A mathjs unit expression (`km`, `mi/h`, `ft^2`, `degC`, `MiB`). */
  unit: string;
  /** Multiplier for units mathjs lacks or rounds (nautical mile = 1852 m, acre = 43560 ft²); default 1. */
  scale?: number;
}

type Row = [UnitCategory, string, string[], number?];

/** Case-insensitive aliases (matched after trimming, collapsing spaces and lower-casing). */
const ROWS: Row[] = [
  ['length', 'm', ['m', 'meter', 'meters', 'metre', 'metres']],
  ['length', 'km', ['km', 'kilometer', 'kilometers', 'kilometre', 'kilometres']],
  ['length', 'cm', ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres']],
  ['length', 'mm', ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres']],
  ['length', 'mi', ['mi', 'mile', 'miles']],
  ['length', 'ft', ['ft', 'foot', 'feet']],
  ['length', 'in', ['in', 'inch', 'inches']],
  ['length', 'yd', ['yd', 'yard', 'yards']],
  ['length', 'm', ['nmi', 'nautical mile', 'nautical miles'], 1852],
  ['mass', 'kg', ['kg', 'kilogram', 'kilograms', 'kilo', 'kilos']],
  ['mass', 'g', ['g', 'gram', 'grams']],
  ['mass', 'mg', ['mg', 'milligram', 'milligrams']],
  ['mass', 'lb', ['lb', 'lbs', 'pound', 'pounds']],
  ['mass', 'oz', ['oz', 'ounce', 'ounces']],
  ['mass', 'tonne', ['t', 'tonne', 'tonnes', 'metric ton', 'metric tons']],
  ['mass', 'stone', ['st', 'stone', 'stones']],
  ['volume', 'l', ['l', 'liter', 'liters', 'litre', 'litres']],
  ['volume', 'ml', ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres']],
  ['volume', 'gal', ['gal', 'gallon', 'gallons']],
  ['volume', 'qt', ['qt', 'quart', 'quarts']],
  ['volume', 'pt', ['pt', 'pint', 'pints']],
  ['volume', 'cup', ['cup', 'cups']],
  ['volume', 'floz', ['floz', 'fl oz', 'fl_oz', 'fluid ounce', 'fluid ounces']],
  ['volume', 'm^3', ['m3', 'm^3', 'cubic meter', 'cubic meters', 'cubic metre', 'cubic metres']],
  ['volume', 'cm^3', ['cm3', 'cm^3', 'cc']],
  ['time', 's', ['s', 'sec', 'secs', 'second', 'seconds']],
  ['time', 'ms', ['ms', 'millisecond', 'milliseconds']],
  ['time', 'min', ['min', 'mins', 'minute', 'minutes']],
  ['time', 'h', ['h', 'hr', 'hrs', 'hour', 'hours']],
  ['time', 'day', ['d', 'day', 'days']],
  ['time', 'week', ['wk', 'week', 'weeks']],
  ['time', 'year', ['yr', 'yrs', 'year', 'years']],
  ['speed', 'm/s', ['m/s', 'mps', 'meters per second', 'metres per second']],
  ['speed', 'km/h', ['km/h', 'kph', 'kmh', 'kmph', 'kilometers per hour', 'kilometres per hour']],
  ['speed', 'mi/h', ['mph', 'mi/h', 'miles per hour']],
  ['speed', 'm/h', ['knot', 'knots', 'kn', 'kt', 'kts'], 1852],
  ['speed', 'ft/s', ['ft/s', 'fps', 'feet per second']],
  ['area', 'm^2', ['m2', 'm^2', 'sqm', 'sq m', 'square meter', 'square meters', 'square metre', 'square metres']],
  ['area', 'km^2', ['km2', 'km^2', 'sq km', 'square kilometer', 'square kilometers', 'square kilometre', 'square kilometres']],
  ['area', 'ft^2', ['ft2', 'ft^2', 'sqft', 'sq ft', 'square foot', 'square feet']],
  ['area', 'mi^2', ['mi2', 'mi^2', 'sq mi', 'square mile', 'square miles']],
  ['area', 'ft^2', ['acre', 'acres', 'ac'], 43560],
  ['area', 'hectare', ['ha', 'hectare', 'hectares']],
  ['data', 'b', ['bit', 'bits']],
  ['data', 'B', ['byte', 'bytes']],
  ['data', 'kB', ['kb', 'kilobyte', 'kilobytes']],
  ['data', 'MB', ['mb', 'megabyte', 'megabytes']],
  ['data', 'GB', ['gb', 'gigabyte', 'gigabytes']],
  ['data', 'TB', ['tb', 'terabyte', 'terabytes']],
  ['data', 'PB', ['pb', 'petabyte', 'petabytes']],
  ['data', 'KiB', ['kib', 'kibibyte', 'kibibytes']],
  ['data', 'MiB', ['mib', 'mebibyte', 'mebibytes']],
  ['data', 'GiB', ['gib', 'gibibyte', 'gibibytes']],
  ['data', 'TiB', ['tib', 'tebibyte', 'tebibytes']],
  ['data', 'kb', ['kbit', 'kbits', 'kilobit', 'kilobits']],
  ['data', 'Mb', ['mbit', 'mbits', 'megabit', 'megabits']],
  ['data', 'Gb', ['gbit', 'gbits', 'gigabit', 'gigabits']],
  ['data', 'Tb', ['tbit', 'tbits', 'terabit', 'terabits']],
  ['data', 'Kib', ['kibit', 'kibibit', 'kibibits']],
  ['data', 'Mib', ['mibit', 'mebibit', 'mebibits']],
  ['data', 'Gib', ['gibit', 'gibibit', 'gibibits']],
  ['temperature', 'degC', ['c', 'celsius', '°c', 'degc', 'deg c', 'degree celsius', 'degrees celsius', 'centigrade']],
  ['temperature', 'degF', ['f', 'fahrenheit', '°f', 'degf', 'deg f', 'degree fahrenheit', 'degrees fahrenheit']],
  ['temperature', 'K', ['k', 'kelvin', 'kelvins', '°k']],
];

/**
 * Data symbols whose letter case carries meaning (IEC/SI): `b` is a bit and `B` a byte; a lower-case `b`
 * after an upper-case prefix is a bit (`Kb`, `Mb`, `Gb`, `Tb`, `Kib`, `Mib`, `Gib`, `Tib`). Looked up with
 * exact case before the case-insensitive table, where all-lower-case symbols (`kb`, `mb`, `gb`) mean
 * bytes, because that is how people type them.
 */
const EXACT_CASE: Record<string, string> = {
  b: 'b',
  B: 'B',
  kB: 'kB',
  KB: 'kB',
  MB: 'MB',
  GB: 'GB',
  TB: 'TB',
  PB: 'PB',
  KiB: 'KiB',
  MiB: 'MiB',
  GiB: 'GiB',
  TiB: 'TiB',
  Kb: 'kb',
  Mb: 'Mb',
  Gb: 'Gb',
  Tb: 'Tb',
  Pb: 'Pb',
  Kib: 'Kib',
  Mib: 'Mib',
  Gib: 'Gib',
  Tib: 'Tib',
};

const BY_ALIAS = new Map<string, UnitDefinition>();
for (const [category, unit, aliases, scale] of ROWS) {
  for (const alias of aliases) BY_ALIAS.set(alias, scale === undefined ? { category, unit } : { category, unit, scale });
}

/** Every case-insensitive alias the table knows, for documentation and tests. */
export const UNIT_ALIASES: readonly string[] = [...BY_ALIAS.keys()];

/** The exact-case data symbols (see {@link lookupUnit}), for documentation and tests. */
export const EXACT_CASE_UNITS: readonly string[] = Object.keys(EXACT_CASE);

/**
 * Finds a unit by name: trims and collapses spaces, tries the exact-case data symbols (`b` bit, `B` byte,
 * `Mb` megabit, `MB` megabyte, ...), then the case-insensitive alias table. Returns `undefined` for
 * anything else — user text is never handed to mathjs's unit parser.
 */
export function lookupUnit(name: string): UnitDefinition | undefined {
  const key = name.trim().replace(/\s+/g, ' ');
  const exact = Object.hasOwn(EXACT_CASE, key) ? EXACT_CASE[key] : undefined;
  if (exact) return { category: 'data', unit: exact };
  return BY_ALIAS.get(key.toLowerCase());
}
