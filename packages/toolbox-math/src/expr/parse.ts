import type { MathNode } from 'mathjs';
import type { Dialect } from './dialects.js';
import { ExpressionError, syntaxError } from './ExpressionError.js';
import { limitedMath } from './limitedMath.js';
import { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from './limits.js';
import { scanTokens, type Token } from './tokenize.js';

/** How {@link parseMath} reads its input. */
export interface ParseOptions {
  /** Which constants, functions and operators exist. */
  dialect: Dialect;
  /** Accept free names as unknowns (equations); otherwise an unknown name is an error. */
  allowVariables?: boolean;
  /** Accept one top-level `=` or `==` (equations). */
  allowEquals?: boolean;
}

/** The result of {@link parseMath}: mathjs node trees built only from whitelisted parts. */
export interface ParsedMath {
  /** The expression, or the left-hand side of an equation. */
  lhs: MathNode;
  /** The right-hand side when the input had `=`/`==`; otherwise null. */
  rhs: MathNode | null;
  /** Distinct free names (unknowns) in order of first appearance; empty unless `allowVariables`. */
  variables: string[];
}

const { ConstantNode, FunctionNode, SymbolNode } = limitedMath;

function isUnsafeName(name: string): boolean {
  return name.startsWith('__') || name in Object.prototype || name.startsWith('py_');
}

class Parser {
  private depth = 0;
  private lookahead: Token | null = null;
  readonly variables: string[] = [];

  constructor(
    private readonly tokens: Iterator<Token, void>,
    private readonly options: ParseOptions,
  ) {}

  private get ops() {
    return this.options.dialect.operators;
  }

  private peek(): Token {
    if (!this.lookahead) {
      const r = this.tokens.next();
      this.lookahead = r.done ? { kind: 'end', text: '', pos: -1 } : r.value;
    }
    return this.lookahead;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'end') this.lookahead = null;
    return t;
  }

  private isOp(...texts: string[]): boolean {
    const t = this.peek();
    return t.kind === 'op' && texts.includes(t.text);
  }

  private call(name: string, args: MathNode[]): MathNode {
    return new FunctionNode(new SymbolNode(name), args);
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) {
      throw new ExpressionError('too_complex', `Expression too complex: nesting deeper than ${MAX_NESTING_DEPTH} levels`);
    }
  }

  private unexpected(t: Token): ExpressionError {
    if (t.kind === 'end') return syntaxError('unexpected end of expression');
    if (t.kind === 'op' && t.text === '=') {
      return syntaxError(this.options.allowEquals ? "only one '=' is allowed" : "assignment ('=') is not allowed");
    }
    if (t.kind === 'op' && t.text === '==') {
      return syntaxError(this.options.allowEquals ? "only one '=' is allowed" : 'comparisons are not allowed');
    }
    return syntaxError(`unexpected '${t.text}' at position ${t.pos}`);
  }

  parseTop(): ParsedMath {
    const lhs = this.parseSum();
    let rhs: MathNode | null = null;
    if (this.options.allowEquals && this.isOp('=', '==')) {
      this.next();
      rhs = this.parseSum();
    }
    const t = this.peek();
    if (t.kind !== 'end') throw this.unexpected(t);
    return { lhs, rhs, variables: this.variables };
  }

  private parseSum(): MathNode {
    let left = this.parseProduct();
    while (this.isOp('+', '-')) {
      const op = this.next().text;
      const right = this.parseProduct();
      left = this.call(op === '+' ? this.ops.add : this.ops.sub, [left, right]);
    }
    return left;
  }

  private parseProduct(): MathNode {
    let left = this.parseUnary();
    while (this.isOp('*', '/', '//', '%')) {
      const t = this.next();
      const right = this.parseUnary();
      const name =
        t.text === '*' ? this.ops.mul : t.text === '/' ? this.ops.div : t.text === '//' ? this.ops.floordiv : this.ops.mod;
      if (!name) throw syntaxError(`'${t.text}' is not supported here`);
      left = this.call(name, [left, right]);
    }
    return left;
  }

  private parseUnary(): MathNode {
    if (this.isOp('+', '-')) {
      this.enter();
      const op = this.next().text;
      const operand = this.parseUnary();
      this.depth--;
      return this.call(op === '-' ? this.ops.neg : this.ops.pos, [operand]);
    }
    return this.parsePower();
  }

  private parsePower(): MathNode {
    const base = this.parseAtom();
    if (this.isOp('**', '^')) {
      this.enter();
      this.next();
      const exponent = this.parseUnary();
      this.depth--;
      return this.call(this.ops.pow, [base, exponent]);
    }
    return base;
  }

  private parseAtom(): MathNode {
    const t = this.next();
    if (t.kind === 'number') return new ConstantNode(t.value);
    if (t.kind === 'op' && t.text === '(') {
      this.enter();
      const inner = this.parseSum();
      this.depth--;
      const close = this.next();
      if (close.kind !== 'op' || close.text !== ')') {
        throw close.kind === 'end' ? syntaxError("'(' was never closed") : this.unexpected(close);
      }
      return inner;
    }
    if (t.kind === 'name') return this.isOp('(') ? this.parseCall(t) : this.parseName(t);
    throw this.unexpected(t);
  }

  private parseCall(t: Token): MathNode {
    const name = t.text;
    const def = Object.hasOwn(this.options.dialect.functions, name) ? this.options.dialect.functions[name] : undefined;
    if (!def) throw new ExpressionError('not_permitted', `Function not permitted: '${name}'`, 'name_check');
    this.enter();
    this.next(); // '('
    const args: MathNode[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.parseSum());
        if (!this.isOp(',')) break;
        this.next();
      }
    }
    const close = this.next();
    if (close.kind !== 'op' || close.text !== ')') {
      throw close.kind === 'end' ? syntaxError("'(' was never closed") : this.unexpected(close);
    }
    this.depth--;
    if (args.length < def.minArgs || args.length > def.maxArgs) {
      const expected = def.minArgs === def.maxArgs ? `exactly ${def.minArgs}` : `${def.minArgs} to ${def.maxArgs}`;
      throw new ExpressionError('syntax', `${name}() takes ${expected} argument${def.maxArgs === 1 ? '' : 's'} (${args.length} given)`);
    }
    return this.call(def.internal, args);
  }

  private parseName(t: Token): MathNode {
    const name = t.text;
    const { constants, functions } = this.options.dialect;
    if (Object.hasOwn(constants, name)) return new SymbolNode(name);
    if (Object.hasOwn(functions, name)) throw syntaxError(`'${name}' is a function; call it with arguments, e.g. ${name}(2)`, 'name_check');
    if (!this.options.allowEquals && this.isOp('=')) throw syntaxError(`assignment ('${name} = ...') is not allowed`);
    if (!this.options.allowVariables || isUnsafeName(name)) throw new ExpressionError('unknown_name', `Unknown name: '${name}'`, 'name_check');
    if (!this.variables.includes(name)) this.variables.push(name);
    return new SymbolNode(name);
  }
}

/**
 * Parses a Python-flavoured math expression (or equation) into a mathjs node tree with the grammar
 * `sum := product (('+'|'-') product)*`, `product := unary (('*'|'/'|'//'|'%') unary)*`,
 * `unary := ('+'|'-') unary | power`, `power := atom (('**'|'^') unary)?`,
 * `atom := number | name | name '(' args ')' | '(' sum ')'` — Python's precedence, so `-2**2` is -4 and
 * `2**-1` is 0.5; `^` is accepted as a power operator too. Operators and calls become `FunctionNode`s
 * naming the dialect's internal functions; constants and unknowns become `SymbolNode`s; numbers
 * `ConstantNode`s. Nothing else is ever produced.
 *
 * @throws {@link ExpressionError}: `too_complex` for input over 4096 characters or nested deeper than
 *   100 levels; `syntax` (`Syntax error: ...`); `not_permitted` (`Function not permitted: 'import'`);
 *   `unknown_name` (`Unknown name: 'os'`).
 */
export function parseMath(source: string, options: ParseOptions): ParsedMath {
  if (typeof source !== 'string') throw syntaxError('expected a string');
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError('too_complex', `Expression too long: ${source.length} characters (limit ${MAX_EXPRESSION_LENGTH})`);
  }
  if (!source.trim()) throw syntaxError('empty expression');
  return new Parser(scanTokens(source), options).parseTop();
}
