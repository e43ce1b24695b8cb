import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';

/**
 * Modern IANA names that ICU still lists under their older aliases (e.g. `Asia/Calcutta`), plus `UTC`.
 * Used only to restore the usual capitalisation of a name and to suggest names; validity is decided by ICU.
 */
const MODERN_NAMES = [
  'UTC',
  'Etc/UTC',
  'GMT',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Yangon',
  'Asia/Ho_Chi_Minh',
  'Europe/Kyiv',
  'America/Nuuk',
  'Atlantic/Faroe',
  'Pacific/Kanton',
  'America/Argentina/Buenos_Aires',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
];

let byLowerName: Map<string, string> | null = null;

/** Names whose validity {@link isValidZoneName} has looked up, at most {@link MAX_REMEMBERED}. */
const validity = new Map<string, boolean>();
const MAX_REMEMBERED = 1024;

/**
 * Whether ICU knows `name` as a time zone (luxon's `IANAZone.isValidZone`), remembered per name: that check builds
 * a fresh `Intl.DateTimeFormat` on every call (about 90 µs, and ICU memory that only a later garbage collection
 * frees: called once per tool call, it grew a provider under load by hundreds of MB). At most
 * {@link MAX_REMEMBERED} names are kept; past that the memory starts again, so random names cannot grow it.
 */
function isValidZoneName(name: string): boolean {
  let valid = validity.get(name);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(name);
    if (validity.size >= MAX_REMEMBERED) validity.clear();
    validity.set(name, valid);
  }
  return valid;
}

/** The host's IANA zone as last read, and the `TZ` it was read under (see {@link systemZone}). */
let system: { tz: string | undefined; zone: Zone; name: string } | undefined;

/** Lower-cased name → properly capitalised IANA name, for every zone ICU lists plus {@link MODERN_NAMES}. */
function knownNames(): Map<string, string> {
  if (!byLowerName) {
    byLowerName = new Map();
    for (const name of [...Intl.supportedValuesOf('timeZone'), ...MODERN_NAMES]) byLowerName.set(name.toLowerCase(), name);
  }
  return byLowerName;
}

/** The outcome of {@link resolveZone}: a usable zone, or a sentence saying why the name is not one. */
export type ZoneResolution =
  | {
      /** Known zone. */
      ok: true;
      /** The zone. */
      zone: Zone;
      /** Its canonical IANA name, e.g. `Europe/Lisbon`. */
      name: string;
    }
  | {
      /** Unknown or malformed zone. */
      ok: false;
      /** What is wrong and what to send instead. */
      problem: string;
    };

/**
 * Resolves an IANA time-zone name (case-insensitive, e.g. `europe/berlin`) to a luxon zone, keeping the
 * name the caller used but with its usual capitalisation. ICU's own aliases (`Asia/Calcutta` for
 * `Asia/Kolkata`) are accepted and never substituted for the caller's name.
 *
 * @returns `{ok: false, problem}` with `problem` such as
 *   `unknown IANA time zone 'Berlin'; did you mean 'Europe/Berlin'?` for a name ICU does not know.
 */
export function resolveZone(input: string): ZoneResolution {
  const trimmed = input.trim();
  if (trimmed && isValidZoneName(trimmed) && !/^[+-]|^utc[+-]|^gmt[+-]/i.test(trimmed)) {
    const name = knownNames().get(trimmed.toLowerCase()) ?? trimmed;
    return { ok: true, zone: IANAZone.create(name), name };
  }
  const suggestion = suggestZone(trimmed);
  const hint = suggestion ? `did you mean '${suggestion}'?` : "use an IANA name like 'Europe/Lisbon', 'America/New_York' or 'UTC'";
  return { ok: false, problem: `unknown IANA time zone '${input}'; ${hint}` };
}

/**
 * A likely IANA name for a city or misspelt zone (`"New York"` → `America/New_York`, `"berlin"` →
 * `Europe/Berlin`), matching the last segment of known names; `undefined` when nothing matches.
 */
export function suggestZone(input: string): string | undefined {
  const key = input.trim().toLowerCase().replace(/\s+/g, '_');
  if (!key) return undefined;
  const city = key.split('/').pop() ?? key;
  for (const [lower, name] of knownNames()) {
    if (lower.split('/').pop() === city) return name;
  }
  return undefined;
}

/**
 * The host's time zone: its IANA zone and name when the system reports a valid one; otherwise (e.g. a
 * POSIX `TZ=FOO-3`) a fixed-offset zone for the current offset, named by that offset (`+03:00`).
 *
 * An IANA zone is remembered until `process.env.TZ` changes: reading it costs a new `Intl.DateTimeFormat` (ICU
 * memory freed only by a later garbage collection), and V8 itself keeps the zone it read at start-up until `TZ`
 * is assigned. The fixed-offset fallback is computed on every call (its offset may change with the date).
 */
export function systemZone(): { zone: Zone; name: string } {
  const tz = process.env.TZ;
  if (system && system.tz === tz) return { zone: system.zone, name: system.name };
  const local = DateTime.local();
  const name = local.zoneName;
  if (name && name !== 'Etc/Unknown' && isValidZoneName(name)) {
    const canonical = knownNames().get(name.toLowerCase()) ?? name;
    system = { tz, zone: IANAZone.create(canonical), name: canonical };
    return { zone: system.zone, name: canonical };
  }
  system = undefined;
  return { zone: FixedOffsetZone.instance(local.offset), name: local.toFormat('ZZ') };
}

/**
 * The zone named by an optional argument: the system zone ({@link systemZone}) when the argument is absent
 * or blank, else {@link resolveZone}.
 */
export function zoneOrSystem(input: string | undefined): ZoneResolution {
  if (!input?.trim()) return { ok: true, ...systemZone() };
  return resolveZone(input);
}
