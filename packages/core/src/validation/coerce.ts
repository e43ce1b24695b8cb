import { Compile } from 'typebox/compile';

/** A compiled, schema-driven lax coercion: returns the coerced value (a new object for objects) or the input unchanged. */
export type Coercer = (value: unknown) => unknown;

type JsonSchema = Record<string, unknown>;

const identity: Coercer = (v) => v;
const TRUE_STRINGS = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_STRINGS = new Set(['false', 'f', 'no', 'n', 'off', '0']);
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Compiles a JSON Schema into a {@link Coercer} that reproduces what agents get from pydantic v2 lax mode
 * (wire spec §2.10), before strict validation:
 * - integer: numeric strings (`"3"`, `"3.0"`, `" 4 "`) and booleans become integers; `"3.5"` is left to fail.
 * - number: numeric strings and booleans become numbers.
 * - boolean: `"true"/"yes"/"on"/"1"/…`, `"false"/"no"/"off"/"0"/…` and the numbers 0 and 1 become booleans.
 * - string: never coerced (pydantic rejects numbers for strings).
 * - object with `properties`: missing properties with a `default` get a copy of it; unknown keys are dropped
 *   unless `additionalProperties` is `true` or a schema (pydantic `extra="ignore"`); values are coerced recursively.
 * - array: items (and tuple positions) coerced recursively.
 * - anyOf/oneOf/type lists: the value is kept if a branch already accepts it, else the first branch whose
 *   coercion makes it valid wins.
 * Compiled once per schema; the returned function never throws.
 */
export function compileCoercer(schema: unknown): Coercer {
  if (schema === null || typeof schema !== 'object') return identity;
  const s = schema as JsonSchema;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) return unionCoercer(branches);
  if (Array.isArray(s.type)) return unionCoercer(s.type.map((t) => ({ ...s, type: t })));
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map(compileCoercer);
    return (v) => parts.reduce((acc, c) => c(acc), v);
  }
  switch (s.type) {
    case 'integer':
      return coerceInteger;
    case 'number':
      return coerceNumber;
    case 'boolean':
      return coerceBoolean;
    case 'array':
      return arrayCoercer(s);
    case 'object':
      return objectCoercer(s);
    default:
      if (s.properties || s.patternProperties || s.additionalProperties !== undefined) return objectCoercer(s);
      return identity;
  }
}

function coerceInteger(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const t = v.trim();
    if (NUMERIC.test(t)) {
      const n = Number(t);
      if (Number.isInteger(n)) return n;
    }
  }
  return v;
}

function coerceNumber(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const t = v.trim();
    if (NUMERIC.test(t)) return Number(t);
  }
  return v;
}

function coerceBoolean(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (TRUE_STRINGS.has(t)) return true;
    if (FALSE_STRINGS.has(t)) return false;
  }
  return v;
}

function arrayCoercer(s: JsonSchema): Coercer {
  const prefix = (Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined) as unknown[] | undefined;
  const positional = prefix?.map(compileCoercer);
  const rest = !Array.isArray(s.items) && s.items && typeof s.items === 'object' ? compileCoercer(s.items) : undefined;
  if (!positional && !rest) return identity;
  return (v) => {
    if (!Array.isArray(v)) return v;
    return v.map((item, i) => {
      const c = positional?.[i] ?? rest;
      return c ? c(item) : item;
    });
  };
}

function objectCoercer(s: JsonSchema): Coercer {
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const entries = Object.entries(props).map(([key, sub]) => {
    const subSchema = (sub ?? {}) as JsonSchema;
    return { key, coerce: compileCoercer(subSchema), hasDefault: 'default' in subSchema, def: subSchema.default };
  });
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, unknown>).map(([p, sub]) => ({
    re: new RegExp(p, 'u'),
    coerce: compileCoercer(sub),
  }));
  const ap = s.additionalProperties;
  const extra: Coercer | 'keep' | 'drop' =
    ap === true || (ap === undefined && !s.properties) ? 'keep' : ap && typeof ap === 'object' ? compileCoercer(ap) : 'drop';
  const declared = new Set(entries.map((e) => e.key));
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const e of entries) {
      if (Object.prototype.hasOwnProperty.call(input, e.key) && input[e.key] !== undefined) setOwn(out, e.key, e.coerce(input[e.key]));
      else if (e.hasDefault) setOwn(out, e.key, structuredClone(e.def));
    }
    for (const key in input) {
      if (declared.has(key) || !Object.prototype.hasOwnProperty.call(input, key)) continue;
      const pattern = patterns.find((p) => p.re.test(key));
      if (pattern) setOwn(out, key, pattern.coerce(input[key]));
      else if (extra === 'keep') setOwn(out, key, input[key]);
      else if (extra !== 'drop') setOwn(out, key, extra(input[key]));
    }
    return out;
  };
}

/**
 * Sets an own, enumerable data property. A key named `__proto__` (legal in JSON) would otherwise replace the
 * object's prototype, letting an agent smuggle unvalidated inherited values past the schema check.
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function unionCoercer(branches: unknown[]): Coercer {
  const compiled = branches.map((b) => ({ coerce: compileCoercer(b), check: Compile(b as object) }));
  return (v) => {
    if (compiled.some((b) => b.check.Check(v))) return v;
    for (const b of compiled) {
      const c = b.coerce(v);
      if (b.check.Check(c)) return c;
    }
    return v;
  };
}
