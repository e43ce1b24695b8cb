import { Compile } from 'typebox/compile';
import { compileCoercer, type Coercer } from './coerce.js';
import { previewValue } from './previewValue.js';
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

/**
 * Compiles a JSON Schema (TypeBox or plain) with TypeBox's compiler, cached per schema object so each
 * schema is compiled once, on first use. Problems read `"<path>: <what was wrong>, received <value>"`,
 * e.g. `"a: must be integer, received 3.5"` or `"b: required property is missing"`.
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
      const problems: string[] = [];
      for (const err of validator.Errors(coerced)) {
        problems.push(describe(err as unknown as TypeBoxError, coerced));
        if (problems.length >= MAX_PROBLEMS) break;
      }
      return { ok: false, problems: problems.length ? problems : ['value does not match the schema'] };
    },
  };
}

interface TypeBoxError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

function describe(err: TypeBoxError, root: unknown): string {
  const path = err.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (err.keyword === 'required') {
    const missing = (err.params.requiredProperties ?? err.params.missingProperty) as string[] | string | undefined;
    const names = (Array.isArray(missing) ? missing : [missing]).filter(Boolean).map((m) => (path ? `${path}.${m}` : m));
    return names.map((n) => `${n}: required property is missing`).join('; ');
  }
  const received = valueAt(root, err.instancePath);
  return `${path || '(arguments)'}: ${err.message}, received ${previewValue(received)}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  if (!pointer) return root;
  let cur: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
