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
  if (trimmed && IANAZone.isValidZone(trimmed) && !/^[+-]|^utc[+-]|^gmt[+-]/i.test(trimmed)) {
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
 */
export function systemZone(): { zone: Zone; name: string } {
  const local = DateTime.local();
  const name = local.zoneName;
  if (name && name !== 'Etc/Unknown' && IANAZone.isValidZone(name)) {
    const canonical = knownNames().get(name.toLowerCase()) ?? name;
    return { zone: IANAZone.create(canonical), name: canonical };
  }
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
