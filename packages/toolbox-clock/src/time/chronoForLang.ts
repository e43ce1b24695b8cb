import * as chrono from 'chrono-node';

/** The chrono-node parsers by primary language subtag; each is chrono's lenient ("casual") parser. */
const PARSERS: Record<string, chrono.Chrono> = {
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
};

/** English regions that write dates day-first (`1/2` is 1 February). */
const DAY_FIRST_ENGLISH = new Set(['gb', 'ie', 'au', 'nz', 'za', 'in']);

/** Language codes {@link chronoForLang} accepts (primary subtags). */
export const SUPPORTED_LANGS: readonly string[] = Object.keys(PARSERS);

/**
 * The chrono-node parser for a BCP-47 language tag as OVOS writes it (`en-US`, `de-DE`, `pt_PT`);
 * English tags of day-first regions (`en-GB`, `en-AU`, ...) get chrono's day-first English parser.
 *
 * @returns `undefined` for a language chrono-node cannot parse.
 */
export function chronoForLang(lang: string): chrono.Chrono | undefined {
  const [primary = '', region = ''] = lang.trim().toLowerCase().split(/[-_]/);
  if (primary === 'en' && DAY_FIRST_ENGLISH.has(region)) return chrono.en.GB;
  return Object.hasOwn(PARSERS, primary) ? PARSERS[primary] : undefined;
}
