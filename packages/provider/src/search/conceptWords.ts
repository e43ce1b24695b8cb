/**
 * Words that say what kind of request this is, in the eight OVOS languages of the bundled toolboxes (folded: lower
 * case, no diacritics), each with the English words it adds to the query (see `queryConcepts`). General knowledge of
 * the languages (units of measure, arithmetic, clock times), not of any tool: a tool described with `unit`, `convert`,
 * `calculate` or `time` is found by requests that never say so.
 */

/** Units of measure (and their plurals and abbreviations) → the English unit name. */
export const UNIT_WORDS: ReadonlyMap<string, string> = table({
  kilometers: 'km kilometer kilometers kilometre kilometres quilometro quilometros kilometro kilometros chilometro chilometri quilometre quilometres kilometern',
  miles: 'mi mile miles milha milhas milla millas meile meilen mille milles miglio miglia mijl mijlen',
  meters: 'meter meters metre metres metro metros metri metern',
  centimeters: 'cm centimeter centimeters centimetre centimetres centimetro centimetros centimetri',
  millimeters: 'mm millimeter millimeters millimetre millimetres milimetro milimetros millimetri',
  feet: 'ft foot feet pe pes pie pies fuss pied pieds piede piedi voet peu peus',
  inches: 'inch inches polegada polegadas pulgada pulgadas zoll pouce pouces pollice pollici duim polzada polzades',
  yards: 'yd yard yards jarda jardas yarda yardas',
  kilograms: 'kg kilo kilos kilogram kilograms kilogramme kilogrammes quilo quilos quilograma quilogramas kilogramo kilogramos kilogramm chilo chili chilogrammo chilogrammi quilogram quilograms',
  grams: 'gram grams gramme grammes grama gramas gramo gramos gramm grammo grammi',
  pounds: 'lb lbs pound pounds libra libras pfund livre livres libbra libbre pond lliura lliures',
  ounces: 'oz ounce ounces onca oncas onza onzas unze unzen once onces oncia ons unca unces',
  stones: 'stone stones',
  tons: 'ton tons tonne tonnes tonelada toneladas tonnellata tonnellate',
  liters: 'liter liters litre litres litro litros litri',
  milliliters: 'ml milliliter milliliters millilitre millilitres mililitro mililitros millilitri',
  gallons: 'gallon gallons galao galoes galon galones gallone galloni',
  pints: 'pint pints',
  cups: 'cup cups chavena chavenas taza tazas tasse tasses tazza tazze kopje kopjes',
  celsius: 'celsius centigrade centigrados',
  fahrenheit: 'fahrenheit',
  kelvin: 'kelvin',
  degrees: 'degree degrees grau graus grado grados grad degre degres grado gradi graad graden',
  mph: 'mph kmh knot knots',
  acres: 'acre acres hectare hectares hectarea hectareas ettaro ettari',
  bytes: 'byte bytes kb mb gb tb kib mib gib tib kilobyte kilobytes megabyte megabytes gigabyte gigabytes terabyte terabytes',
});

/** Arithmetic words → the English operation. Most count only between two numbers (`seven times nine`, `siete por nueve`). */
export const OPERATOR_WORDS: ReadonlyMap<string, string> = table({
  multiply: 'times multiplied multiply vezes multiplicado multiplicar multiplica por mal multipliziert fois multiplie multiplier per moltiplicato keer maal vermenigvuldigd multiplicat',
  divide: 'divided divide dividido dividida dividir entre geteilt durch divise diviso gedeeld dividit',
  plus: 'plus mais mas piu bij add sum soma somar adiciona suma sumar addiere addieren additionne somme somma sommare tel optellen',
  minus: 'minus menos moins meno min menys',
  percent: 'percent percentage porcento porciento prozent pourcent percento procent percentatge',
  power: 'squared cubed power quadrado cuadrado quadrat carre quadrato kwadraat elevado potencia hoch puissance potenza macht',
  root: 'root raiz wurzel racine radice wortel arrel',
});

/** Operators that say so without numbers around them (`the square root of`, `17 percent of`). */
export const STANDALONE_OPERATORS: ReadonlySet<string> = new Set(['percent', 'power', 'root']);

/** Operators that also count before two numbers (`add 2 and 3`, `soma dois e três`). */
export const LEADING_OPERATORS: ReadonlySet<string> = new Set(['add', 'sum', 'soma', 'somar', 'adiciona', 'suma', 'sumar', 'addiere', 'addieren', 'additionne', 'somme', 'somma', 'sommare', 'tel', 'optellen']);

/** Words that make a number a clock time (`5 pm`, `at eight o'clock`, `às oito horas`) → `time`. */
export const CLOCK_WORDS: ReadonlySet<string> = new Set(
  'pm am oclock clock noon midnight horas hora uhr heure heures ore uur hores meiodia mediodia mittag mitternacht midi minuit mezzogiorno mezzanotte middag middernacht migdia mitjanit'.split(' '),
);

function table(rows: Record<string, string>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [english, words] of Object.entries(rows)) for (const w of words.split(' ')) if (!map.has(w)) map.set(w, english);
  return map;
}
