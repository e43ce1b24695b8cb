/**
 * Number words of the OVOS languages the bundled toolboxes speak (English, Portuguese, Spanish, German, French,
 * Italian, Dutch, Catalan), folded (lower case, no diacritics), with their values. Compounds written as one word are
 * read by splitting them into these parts (`zweiundvierzig`, `quarantadue`, `tweeenveertig`, `veintidos`); words
 * written apart (`forty two`, `trinta e dois`, `vingt et un`) are read word by word by {@link readNumbers}.
 */
const TABLE: Readonly<Record<string, string>> = {
  en: 'zero:0 one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11 twelve:12 thirteen:13 fourteen:14 fifteen:15 sixteen:16 seventeen:17 eighteen:18 nineteen:19 twenty:20 thirty:30 forty:40 fifty:50 sixty:60 seventy:70 eighty:80 ninety:90 hundred:100 thousand:1000 million:1000000 billion:1000000000 dozen:12 half:0.5',
  pt: 'zero:0 um:1 uma:1 dois:2 duas:2 tres:3 quatro:4 cinco:5 seis:6 sete:7 oito:8 nove:9 dez:10 onze:11 doze:12 treze:13 catorze:14 quatorze:14 quinze:15 dezasseis:16 dezesseis:16 dezassete:17 dezessete:17 dezoito:18 dezanove:19 dezenove:19 vinte:20 trinta:30 quarenta:40 cinquenta:50 sessenta:60 setenta:70 oitenta:80 noventa:90 cem:100 cento:100 duzentos:200 duzentas:200 trezentos:300 quatrocentos:400 quinhentos:500 seiscentos:600 setecentos:700 oitocentos:800 novecentos:900 mil:1000 milhao:1000000 milhoes:1000000 meia:0.5 meio:0.5',
  es: 'cero:0 uno:1 una:1 dos:2 tres:3 cuatro:4 cinco:5 seis:6 siete:7 ocho:8 nueve:9 diez:10 once:11 doce:12 trece:13 catorce:14 quince:15 dieciseis:16 diecisiete:17 dieciocho:18 diecinueve:19 veinte:20 veinti:20 treinta:30 cuarenta:40 cincuenta:50 sesenta:60 setenta:70 ochenta:80 noventa:90 cien:100 ciento:100 doscientos:200 trescientos:300 cuatrocientos:400 quinientos:500 seiscientos:600 setecientos:700 ochocientos:800 novecientos:900 mil:1000 millon:1000000 millones:1000000 medio:0.5',
  de: 'null:0 eins:1 ein:1 eine:1 zwei:2 drei:3 vier:4 funf:5 fuenf:5 sechs:6 sieben:7 acht:8 neun:9 zehn:10 elf:11 zwolf:12 dreizehn:13 vierzehn:14 funfzehn:15 sechzehn:16 siebzehn:17 achtzehn:18 neunzehn:19 zwanzig:20 dreissig:30 vierzig:40 funfzig:50 sechzig:60 siebzig:70 achtzig:80 neunzig:90 hundert:100 tausend:1000 million:1000000 millionen:1000000 halb:0.5',
  fr: 'zero:0 un:1 une:1 deux:2 trois:3 quatre:4 cinq:5 six:6 sept:7 huit:8 neuf:9 dix:10 onze:11 douze:12 treize:13 quatorze:14 quinze:15 seize:16 vingt:20 vingts:20 trente:30 quarante:40 cinquante:50 soixante:60 cent:100 cents:100 mille:1000 million:1000000 millions:1000000 demi:0.5',
  it: 'zero:0 uno:1 una:1 due:2 tre:3 quattro:4 cinque:5 sei:6 sette:7 otto:8 nove:9 dieci:10 undici:11 dodici:12 tredici:13 quattordici:14 quindici:15 sedici:16 diciassette:17 diciotto:18 diciannove:19 venti:20 vent:20 trenta:30 trent:30 quaranta:40 quarant:40 cinquanta:50 sessanta:60 settanta:70 ottanta:80 novanta:90 cento:100 mille:1000 mila:1000 milione:1000000 milioni:1000000 mezzo:0.5',
  nl: 'nul:0 een:1 twee:2 drie:3 vier:4 vijf:5 zes:6 zeven:7 acht:8 negen:9 tien:10 elf:11 twaalf:12 dertien:13 veertien:14 vijftien:15 zestien:16 zeventien:17 achttien:18 negentien:19 twintig:20 dertig:30 veertig:40 vijftig:50 zestig:60 zeventig:70 tachtig:80 negentig:90 honderd:100 duizend:1000 miljoen:1000000 half:0.5',
  ca: 'zero:0 un:1 una:1 dos:2 dues:2 tres:3 quatre:4 cinc:5 sis:6 set:7 vuit:8 nou:9 deu:10 onze:11 dotze:12 tretze:13 catorze:14 quinze:15 setze:16 disset:17 divuit:18 dinou:19 vint:20 trenta:30 quaranta:40 cinquanta:50 seixanta:60 setanta:70 vuitanta:80 noranta:90 cent:100 cents:100 mil:1000 milio:1000000 milions:1000000 mig:0.5',
};

/** Folded number word → value, every language together (a word's value is the same wherever it is a number). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.values(TABLE).flatMap((row) => row.split(' ').map((pair) => {
    const [word, value] = pair.split(':');
    return [word!, Number(value)] as const;
  })),
);

/** What joins the parts of a one-word compound: German `und`, Dutch `en`. */
const JOINERS = ['und', 'en'];
const MULTIPLIERS = new Set([100, 1000, 1_000_000, 1_000_000_000]);

/**
 * The value of one folded word when it is a number: digits (`42`, `3.5`, `3,5`), a number word of one of the eight
 * languages, or a compound of them written as one word (`zweiundvierzig` 42, `quarantadue` 42, `tweeenveertig` 42,
 * `veintidos` 22, `dreihundert` 300). `undefined` otherwise.
 */
export function numberValue(word: string): number | undefined {
  if (/^\d+(?:[.,]\d+)?$/.test(word)) return Number(word.replace(',', '.'));
  const direct = NUMBER_WORDS.get(word);
  if (direct !== undefined) return direct;
  if (word.length < 6 || word.length > 40) return undefined;
  return compound(word);
}

/** Splits a word into number parts (and joiners), adding them (a part before a multiplier multiplies it). */
function compound(word: string): number | undefined {
  const parts: number[] = [];
  let at = 0;
  outer: while (at < word.length) {
    for (let end = word.length; end > at + 1; end--) {
      const piece = word.slice(at, end);
      const value = NUMBER_WORDS.get(piece);
      if (value !== undefined && value >= 1) {
        parts.push(value);
        at = end;
        continue outer;
      }
      if (parts.length > 0 && JOINERS.includes(piece)) {
        at = end;
        continue outer;
      }
    }
    return undefined;
  }
  if (parts.length < 2) return undefined;
  let total = 0;
  let current = 0;
  for (const p of parts) {
    if (MULTIPLIERS.has(p)) current = (current || 1) * p;
    else current += p;
    if (p >= 1000) {
      total += current;
      current = 0;
    }
  }
  // German and Dutch say the unit first (`zweiundvierzig`): the sum is the same either way
  return total + current;
}

/** A number read from a request: its value and the positions of the words it was read from. */
export interface ReadNumber {
  /** The number (`320` for `three hundred and twenty`). */
  value: number;
  /** First word (index into the words given). */
  start: number;
  /** One past the last word. */
  end: number;
}

/** Words that join number words written apart without being numbers themselves (`forty and two`, `trinta e dois`, `vingt et un`). */
const APART_JOINERS = new Set(['and', 'e', 'y', 'und', 'et', 'en', 'i']);

/**
 * The numbers in a request's folded words, reading runs of number words as one value (`three hundred and twenty`
 * 320, `quarenta e dois` 42, `two thousand three hundred and forty` 2340, `5` 5).
 */
export function readNumbers(words: readonly string[]): ReadNumber[] {
  const found: ReadNumber[] = [];
  let i = 0;
  while (i < words.length) {
    const first = numberValue(words[i]!);
    if (first === undefined) {
      i++;
      continue;
    }
    const start = i;
    let total = 0;
    let current = first;
    let end = i + 1;
    while (end < words.length) {
      const skip = APART_JOINERS.has(words[end]!) ? 1 : 0;
      const word = words[end + skip];
      const next = word === undefined || /^\d/.test(word) ? undefined : numberValue(word);
      if (next === undefined) break;
      if (MULTIPLIERS.has(next) && current > 0 && current < next) {
        current *= next;
        if (next >= 1000) {
          total += current;
          current = 0;
        }
      } else if (!MULTIPLIERS.has(next) && next < lowestPlace(total + current)) current += next;
      else break; // `four eight`, `three one`: a list of numbers, not one
      end += skip + 1;
    }
    found.push({ value: total + current, start, end });
    i = end;
  }
  return found;
}

/** The largest power of ten dividing `n` (40 → 10, 300 → 100, 2000 → 1000; 0 and fractions → 1). */
function lowestPlace(n: number): number {
  if (!Number.isInteger(n) || n === 0) return 1;
  let place = 1;
  while (n % (place * 10) === 0) place *= 10;
  return place;
}
