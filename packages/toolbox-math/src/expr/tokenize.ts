import { syntaxError } from './ExpressionError.js';

/** One lexical token of the Python-flavoured expression language. */
export type Token =
  | {
      /** A numeric literal. */
      kind: 'number';
      /** Its value. */
      value: number;
      /** Its source text. */
      text: string;
      /** Its 0-based offset in the input. */
      pos: number;
    }
  | {
      /** A name (constant, function or variable). */
      kind: 'name';
      /** The name. */
      text: string;
      /** Its 0-based offset in the input. */
      pos: number;
    }
  | {
      /** An operator or bracket. */
      kind: 'op';
      /** Its text, e.g. `**`. */
      text: string;
      /** Its 0-based offset in the input. */
      pos: number;
    }
  | {
      /** The end of the input. */
      kind: 'end';
      /** Always empty. */
      text: '';
      /** The input's length. */
      pos: number;
    };

const OPERATORS = ['**', '//', '==', '+', '-', '*', '/', '%', '^', '(', ')', ',', '='];
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const DECIMAL = /^(?:\d(?:_?\d)*)?(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?/;
const PREFIXED = /^0(?:[xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/;

/** Characters that are valid elsewhere in Python/JS but never here, with the reason given to the caller. */
const FORBIDDEN: Record<string, string> = {
  '"': 'string literals are not allowed',
  "'": 'string literals are not allowed',
  '`': 'string literals are not allowed',
  '[': 'lists, matrices and indexing are not allowed',
  ']': 'lists, matrices and indexing are not allowed',
  '{': 'objects and sets are not allowed',
  '}': 'objects and sets are not allowed',
  '.': "attribute access ('.') is not allowed",
  ';': 'only a single expression is allowed',
  '\n': 'only a single expression on one line is allowed',
  ':': "':' is not allowed (no lambdas, slices or ranges)",
  '?': "'?' is not allowed",
  '!': "'!' is not allowed; use factorial(n)",
  '&': 'bitwise and logical operators are not allowed',
  '|': 'bitwise and logical operators are not allowed',
  '~': 'bitwise and logical operators are not allowed',
  '<': 'comparisons are not allowed',
  '>': 'comparisons are not allowed',
  '@': 'matrix multiplication is not allowed',
  '#': 'comments are not allowed',
  '$': "'$' is not allowed",
  '\\': "'\\' is not allowed",
};

/**
 * Splits a Python-flavoured math expression into tokens; see {@link scanTokens}, of which this is the
 * eager form.
 * @throws as {@link scanTokens}.
 */
export function tokenize(source: string): Token[] {
  return [...scanTokens(source)];
}

/**
 * Lazily splits a Python-flavoured math expression into tokens: numbers (decimal with optional fraction,
 * exponent and `_` separators; `0x`/`0o`/`0b` integers), names, and the operators
 * `** // == + - * / % ^ ( ) , =`. Whitespace (space, tab) separates tokens.
 *
 * @throws {@link ExpressionError} (`syntax`) naming the offending character and its 0-based position,
 *   with a reason for characters that would open a door elsewhere (quotes, brackets, braces, `.`, `;`).
 */
export function* scanTokens(source: string): Generator<Token, void, undefined> {
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      continue;
    }
    const rest = source.slice(i, i + 64);
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const prefixed = PREFIXED.exec(rest);
      const m = prefixed ?? DECIMAL.exec(source.slice(i));
      const text = m?.[0] ?? '';
      const value = Number(text.replaceAll('_', ''));
      if (!text || Number.isNaN(value)) throw syntaxError(`invalid number at position ${i}`, 'tokenizer');
      if (NAME_PART.test(source[i + text.length] ?? '') || source[i + text.length] === '.') {
        throw syntaxError(`invalid number '${source.slice(i, i + text.length + 1)}' at position ${i} (write 2*x, not 2x)`, 'tokenizer');
      }
      yield { kind: 'number', value, text, pos: i };
      i += text.length;
      continue;
    }
    if (NAME_START.test(ch)) {
      let j = i + 1;
      while (j < source.length && NAME_PART.test(source[j]!)) j++;
      yield { kind: 'name', text: source.slice(i, j), pos: i };
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      yield { kind: 'op', text: op, pos: i };
      i += op.length;
      continue;
    }
    const reason = FORBIDDEN[ch];
    if (reason) throw syntaxError(`${reason} (found '${ch === '\n' ? '\\n' : ch}' at position ${i})`, 'tokenizer');
    throw syntaxError(`unexpected character ${JSON.stringify(ch)} at position ${i}`, 'tokenizer');
  }
  yield { kind: 'end', text: '', pos: source.length };
}
