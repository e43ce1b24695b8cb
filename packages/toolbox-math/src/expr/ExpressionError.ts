/**
 * What kind of problem an {@link ExpressionError} reports; useful for tests and for callers that want to
 * react differently to bad input (`syntax`, `unknown_name`, `not_permitted`, `too_complex`) and to
 * arithmetic failures (`math`).
 */
export type ExpressionErrorKind = 'syntax' | 'unknown_name' | 'not_permitted' | 'too_complex' | 'math';

/**
 * Which defence refused the input, outermost first: `tokenizer` (a character that is never valid: quotes,
 * brackets, `.`, `;`, ...), `parser` (grammar, input length and nesting limits), `name_check` (a name or call that
 * is not whitelisted — including names inherited from `Object.prototype` such as `constructor` or `toString`),
 * `tree_check` (the independent node-tree walk before compiling), `limited_math` (a disabled mathjs function
 * reached at run time), `evaluation` (arithmetic: Python's errors), `equation` (an equation with no unknown, more
 * than one, or one that is an identity or a contradiction). The worker's own limits (time, memory) are reported by
 * `MathWorkerError`, not here. Never sent on the wire (OVOS has no such field); used by tests and logs.
 */
export type ExpressionErrorLayer = 'tokenizer' | 'parser' | 'name_check' | 'tree_check' | 'limited_math' | 'evaluation' | 'equation';

/**
 * A failure while parsing or evaluating a user expression. `message` is the exact text returned to the
 * agent in the tool's `error` field, e.g. `Syntax error: ...`, `Unknown name: 'os'`,
 * `Function not permitted: 'import'`, `float division by zero` (the Python message OVOS returns).
 */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  readonly kind: ExpressionErrorKind;
  /** The defence that refused the input; see {@link ExpressionErrorLayer}. */
  readonly layer: ExpressionErrorLayer;

  constructor(kind: ExpressionErrorKind, message: string, layer: ExpressionErrorLayer = kind === 'math' ? 'evaluation' : 'parser') {
    super(message);
    this.kind = kind;
    this.layer = layer;
  }
}

/** Shorthand for an {@link ExpressionError} of kind `syntax`, prefixed `Syntax error: ` as OVOS does (layer `parser` unless given). */
export function syntaxError(detail: string, layer: ExpressionErrorLayer = 'parser'): ExpressionError {
  return new ExpressionError('syntax', `Syntax error: ${detail}`, layer);
}

/** Shorthand for an arithmetic {@link ExpressionError} carrying a Python-style message. */
export function mathError(message: string): ExpressionError {
  return new ExpressionError('math', message);
}
