/**
 * What kind of problem an {@link ExpressionError} reports; useful for tests and for callers that want to
 * react differently to bad input (`syntax`, `unknown_name`, `not_permitted`, `too_complex`) and to
 * arithmetic failures (`math`).
 */
export type ExpressionErrorKind = 'syntax' | 'unknown_name' | 'not_permitted' | 'too_complex' | 'math';

/**
 * A failure while parsing or evaluating a user expression. `message` is the exact text returned to the
 * agent in the tool's `error` field, e.g. `Syntax error: ...`, `Unknown name: 'os'`,
 * `Function not permitted: 'import'`, `float division by zero` (the Python message OVOS returns).
 */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  readonly kind: ExpressionErrorKind;

  constructor(kind: ExpressionErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Shorthand for an {@link ExpressionError} of kind `syntax`, prefixed `Syntax error: ` as OVOS does. */
export function syntaxError(detail: string): ExpressionError {
  return new ExpressionError('syntax', `Syntax error: ${detail}`);
}

/** Shorthand for an arithmetic {@link ExpressionError} carrying a Python-style message. */
export function mathError(message: string): ExpressionError {
  return new ExpressionError('math', message);
}
