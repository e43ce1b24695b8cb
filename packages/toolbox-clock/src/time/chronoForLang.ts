import type * as Chrono from 'chrono-node';

type ChronoModule = typeof Chrono;

/** The chrono-node parsers by primary language subtag; each is chrono's lenient ("casual") parser. */
const parsersOf = (chrono: ChronoModule): Record<string, Chrono.Chrono> => ({
  ar: chrono.ar.casual,
  de: chrono.de.casual,
  en: chrono.en.casual,
  es: chrono.es.casual,
  fi: chrono.fi.casual,
  fr: chrono.fr.casual,
  id: chrono.id.casual,
  it: chrono.it.casual,
  ja: chrono.ja.casual,
  nl: chrono.nl.casual,
  pt: chrono.pt.casual,
  ru: chrono.ru.casual,
  sv: chrono.sv.casual,
  uk: chrono.uk.casual,
  vi: chrono.vi.casual,
  zh: chrono.zh.casual,
});

/**
 * chrono-node with its parsers, imported on the first `parse_datetime` call: its sixteen locales are the
 * largest part of this toolbox's start-up cost, and the other tools never need them.
 */
let loaded: Promise<{ chrono: ChronoModule; parsers: Record<string, Chrono.Chrono> }> | undefined;
const loadChrono = () => (loaded ??= import('chrono-node').then((chrono) => ({ chrono, parsers: parsersOf(chrono) })));

/** English regions that write dates day-first (`1/2` is 1 February). */
const DAY_FIRST_ENGLISH = new Set(['gb', 'ie', 'au', 'nz', 'za', 'in']);

/** Language codes {@link chronoForLang} accepts (primary subtags). */
export const SUPPORTED_LANGS: readonly string[] = ['ar', 'de', 'en', 'es', 'fi', 'fr', 'id', 'it', 'ja', 'nl', 'pt', 'ru', 'sv', 'uk', 'vi', 'zh'];

/**
 * The chrono-node parser for a BCP-47 language tag as OVOS writes it (`en-US`, `de-DE`, `pt_PT`);
 * English tags of day-first regions (`en-GB`, `en-AU`, ...) get chrono's day-first English parser.
 *
 * chrono-node is loaded on the first call (see `loadChrono`).
 *
 * @returns `undefined` for a language chrono-node cannot parse.
 */
export async function chronoForLang(lang: string): Promise<Chrono.Chrono | undefined> {
  const [primary = '', region = ''] = lang.trim().toLowerCase().split(/[-_]/);
  if (!SUPPORTED_LANGS.includes(primary)) return undefined;
  const { chrono, parsers } = await loadChrono();
  if (primary === 'en' && DAY_FIRST_ENGLISH.has(region)) return chrono.en.GB;
  return parsers[primary];
}
