import { Compile } from 'typebox/compile';
import { compileCoercer, type Coercer } from './coerce.js';
import { describeProblems, type SchemaError } from './describeProblems.js';
import { compileSizeGuard } from './sizeGuard.js';

/** The outcome of {@link CompiledSchema.parse}: the coerced value, or readable problems. */
export type ParseResult =
  | {
      /** The value matches the schema. */
      ok: true;
      /** The value after coercion and defaults. */
      value: unknown;
    }
  | {
      /** It does not. */
      ok: false;
      /** One line per problem, e.g. `a: must be integer, received "x"`. */
      problems: string[];
    };

/** A JSON Schema compiled once: lax coercion followed by a strict check. */
export interface CompiledSchema {
  /** Coerces (defaults, lossless conversions, unknown keys dropped) then validates. Never throws. */
  parse(value: unknown): ParseResult;
}

const cache = new WeakMap<object, CompiledSchema>();
const MAX_PROBLEMS = 5;
/** Validator errors read at most (a union of 20 values fails 21 times before its problems are merged into one). */
const MAX_ERRORS = 100;

/**
 * Compiles a JSON Schema (TypeBox or plain) with TypeBox's compiler, cached per schema object so each
 * schema is compiled once, on first use. Problems read `"<path>: <what was wrong>, received <value>"`,
 * e.g. `"a: must be integer, received 3.5"`, `"b: required property is missing"` or, for a union of constants,
 * `"d: must be \"earlier\", \"later\" or \"raise\", received \"latest\""` (one line naming the values it takes); at most 5.
 */
export function compileSchema(schema: object): CompiledSchema {
  let compiled = cache.get(schema);
  if (!compiled) {
    compiled = build(schema);
    cache.set(schema, compiled);
  }
  return compiled;
}

function build(schema: object): CompiledSchema {
  const oversize = compileSizeGuard(schema);
  const coerce: Coercer = compileCoercer(schema);
  const validator = Compile(schema);
  return {
    parse(value) {
      const tooBig = oversize(value);
      if (tooBig) return { ok: false, problems: [tooBig] };
      const coerced = coerce(value);
      if (validator.Check(coerced)) return { ok: true, value: coerced };
      const errors: SchemaError[] = [];
      for (const err of validator.Errors(coerced)) {
        errors.push(err as unknown as SchemaError);
        if (errors.length >= MAX_ERRORS) break;
      }
      const problems = describeProblems(errors, schema, coerced).slice(0, MAX_PROBLEMS);
      return { ok: false, problems: problems.length ? problems : ['value does not match the schema'] };
    },
  };
}
