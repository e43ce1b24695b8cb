import { CLOCK_WORDS, LEADING_OPERATORS, OPERATOR_WORDS, STANDALONE_OPERATORS, UNIT_WORDS } from './conceptWords.js';
import { readNumbers, type ReadNumber } from './numberWords.js';

/** What a request says beside its words: the numbers in it, and the English words its kind of request adds. */
export interface QueryConcepts {
  /** Numbers read from the request (words or digits), in order. */
  numbers: ReadNumber[];
  /** English words to add to the query → their weight (relative to a word of the query itself). */
  added: Map<string, number>;
}

/** Weight of the words a concept adds: they say what kind of tool fits, not which one. */
const CONCEPT_WEIGHT = 0.7;

/**
 * Reads numbers, units, arithmetic and clock times in a request's folded words (every stop word still in), in any of
 * the eight OVOS languages of the bundled toolboxes:
 * - a unit of measure after a number (`2 lbs`, `42 quilómetros`) or beside another unit (`kilometers to miles`) adds
 *   `unit`, `units`, `convert`, `conversion` and the English unit name;
 * - an operator between two numbers (`seven times nine`, `siete por nueve`, `hundert geteilt durch vier`), `add`
 *   or `sum` before two (`add 2 and 3`), or `percent`, `squared`, `root` near a number, adds `calculate`, `math`, `arithmetic`, `expression` and the English operation;
 * - a number followed by a clock word (`5 pm`, `oito horas`) adds `time` and `clock`.
 */
export function queryConcepts(words: readonly string[]): QueryConcepts {
  const numbers = readNumbers(words);
  const added = new Map<string, number>();
  const add = (list: string, weight = CONCEPT_WEIGHT) => {
    for (const w of list.split(' ')) added.set(w, Math.max(added.get(w) ?? 0, weight));
  };
  const numberAt = new Map<number, ReadNumber>();
  for (const n of numbers) for (let i = n.start; i < n.end; i++) numberAt.set(i, n);
  const isNumber = (i: number) => numberAt.has(i);
  const unitCount = new Set(words.filter((w) => w.length > 2 && UNIT_WORDS.has(w)).map((w) => UNIT_WORDS.get(w))).size;
  words.forEach((word, i) => {
    if (numberAt.has(i)) return;
    const unit = UNIT_WORDS.get(word);
    // a unit counts after a number (`42 kilometers`, `2 lbs`), or beside another unit (`kilometers to miles`,
    // `ounces in a pound`): `Miles Davis` alone is a name
    if (unit && (isNumber(i - 1) || unitCount >= 2)) add(`unit units convert conversion ${unit}`);
    const op = OPERATOR_WORDS.get(word);
    const between = isNumber(i - 1) && (isNumber(i + 1) || isNumber(i + 2)); // `twenty divided by four`
    const leading = LEADING_OPERATORS.has(word) && isNumber(i + 1) && numbers.length >= 2; // `add 2 and 3`
    const near = op !== undefined && STANDALONE_OPERATORS.has(op) && (isNumber(i - 1) || isNumber(i + 1) || isNumber(i + 2));
    if (op && (between || leading || near)) {
      add(`calculate math arithmetic expression ${op}`);
    }
    if (CLOCK_WORDS.has(word) && isNumber(i - 1)) add('time clock');
  });
  return { numbers, added };
}
