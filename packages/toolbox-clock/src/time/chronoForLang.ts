import type * as Chrono from 'chrono-node';

/** A chrono-node locale module as far as this toolbox uses it: its lenient ("casual") parser, and English's day-first one. */
interface ChronoLocale {
  casual: Chrono.Chrono;
  GB?: Chrono.Chrono;
}

/**
 * One loader per language (primary subtag), each importing only that locale of chrono-node: the sixteen locales
 * together are most of this toolbox's load time and memory, and a provider usually parses one language. The build
 * inlines chrono-node with one chunk per locale, so a locale loads in milliseconds the first time it is needed.
 */
const LOCALES: Record<string, () => Promise<ChronoLocale>> = {
  ar: () => import('chrono-node/ar'),
  de: () => import('chrono-node/de'),
  en: () => import('chrono-node/en'),
  es: () => import('chrono-node/es'),
  fi: () => import('chrono-node/fi'),
  fr: () => import('chrono-node/fr'),
  id: () => import('chrono-node/id'),
  it: () => import('chrono-node/it'),
  ja: () => import('chrono-node/ja'),
  nl: () => import('chrono-node/nl'),
  pt: () => import('chrono-node/pt'),
  ru: () => import('chrono-node/ru'),
  sv: () => import('chrono-node/sv'),
  uk: () => import('chrono-node/uk'),
  vi: () => import('chrono-node/vi'),
  zh: () => import('chrono-node/zh'),
};

/** Each locale's import, started once (a warm-up and a first call that arrives meanwhile share it). */
const loaded = new Map<string, Promise<ChronoLocale>>();

/** English regions that write dates day-first (`1/2` is 1 February). */
const DAY_FIRST_ENGLISH = new Set(['gb', 'ie', 'au', 'nz', 'za', 'in']);

/** Language codes {@link chronoForLang} accepts (primary subtags). */
export const SUPPORTED_LANGS: readonly string[] = Object.keys(LOCALES);

/**
 * The chrono-node parser for a BCP-47 language tag as OVOS writes it (`en-US`, `de-DE`, `pt_PT`);
 * English tags of day-first regions (`en-GB`, `en-AU`, ...) get chrono's day-first English parser.
 * The language's locale of chrono-node is imported on its first use (see {@link LOCALES}).
 *
 * @returns `undefined` for a language chrono-node cannot parse.
 */
export async function chronoForLang(lang: string): Promise<Chrono.Chrono | undefined> {
  const [primary = '', region = ''] = lang.trim().toLowerCase().split(/[-_]/);
  const load = Object.hasOwn(LOCALES, primary) ? LOCALES[primary] : undefined;
  if (!load) return undefined;
  let locale = loaded.get(primary);
  if (!locale) loaded.set(primary, (locale = load()));
  const { casual, GB } = await locale;
  return primary === 'en' && GB && DAY_FIRST_ENGLISH.has(region) ? GB : casual;
}
