import { describeDropped, isSchema, keywordText, pointer, resolveLocalRef, typesOf, type JsonSchema, type NoteList } from './schemaNodes.js';

/** The `Type` enum of a Gemini `Schema` (Gemini API reference, `Schema.type`). */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT';

/**
 * A Gemini `Schema` (Gemini API reference, `Schema`: "a select subset of an OpenAPI 3.0 schema object"). Counts
 * (`minItems`, `maxLength`, …) are int64 and travel as strings, as the proto JSON mapping (and the SDK types) have it.
 */
export interface GeminiSchema {
  /** The data type. */
  type?: GeminiType;
  /** What the value means, for the model. */
  description?: string;
  /** The value may be null. */
  nullable?: boolean;
  /** Allowed values (strings only). */
  enum?: string[];
  /** `date-time` or `enum` for strings, `float`/`double` for numbers, `int32`/`int64` for integers. */
  format?: string;
  /** A regular expression strings must match. */
  pattern?: string;
  /** Numeric bounds. */
  minimum?: number;
  /** Numeric bounds. */
  maximum?: number;
  /** String length bounds (int64 as a string). */
  minLength?: string;
  /** String length bounds (int64 as a string). */
  maxLength?: string;
  /** Array length bounds (int64 as a string). */
  minItems?: string;
  /** Array length bounds (int64 as a string). */
  maxItems?: string;
  /** Object size bounds (int64 as a string). */
  minProperties?: string;
  /** Object size bounds (int64 as a string). */
  maxProperties?: string;
  /** The schema of every item of an array. */
  items?: GeminiSchema;
  /** The properties of an object. */
  properties?: Record<string, GeminiSchema>;
  /** The properties that must be present. */
  required?: string[];
  /** The value matches at least one of these. */
  anyOf?: GeminiSchema[];
}

const TYPE: Record<string, GeminiType> = { string: 'STRING', number: 'NUMBER', integer: 'INTEGER', boolean: 'BOOLEAN', array: 'ARRAY', object: 'OBJECT' };
/** Formats the Gemini API takes, by type (Gemini API `Schema.format`: "for NUMBER type: float, double; for INTEGER type: int32, int64; for STRING type: enum, date-time"). */
export const GEMINI_FORMATS: Record<string, readonly string[]> = { NUMBER: ['float', 'double'], INTEGER: ['int32', 'int64'], STRING: ['enum', 'date-time'] };
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;
const HANDLED = new Set(['type', 'description', 'enum', 'const', 'format', 'pattern', 'minimum', 'maximum', ...COUNTS, 'items', 'prefixItems', 'properties', 'required', 'anyOf', 'oneOf', 'allOf', '$ref', 'title', 'nullable']);
const QUIET = new Set(['$schema', '$id', '$defs', 'definitions', '$comment', 'examples']);
const WHY = 'Gemini function declarations take the OpenAPI 3.0 subset of its Schema';
const MAX_REF_DEPTH = 2;

/** An "any value" stand-in: Gemini has no untyped schema. */
const anyValue = (description?: string): GeminiSchema => ({ ...(description ? { description } : {}), anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }, { type: 'BOOLEAN' }] });

/** What the conversion of one schema passes down: the root (for `$ref`s), the notes, and the `$ref`s it is inside. */
interface Walk {
  root: JsonSchema;
  notes: NoteList;
  refs: readonly string[];
}

/**
 * Converts one JSON Schema to a Gemini `Schema`: local `$ref`s inlined (a recursive one at most twice deep, then cut),
 * type lists as `nullable` or `anyOf`, `oneOf` as `anyOf`, `allOf` merged, string `const` as a one-value `enum`, and
 * what the subset lacks (`additionalProperties`, `exclusiveMinimum`, non-string enums, unsupported formats, …) dropped
 * into the description. Every change becomes a note.
 * @returns the schema, or `undefined` when nothing Gemini takes can stand for it (an object without properties, a
 *   recursion cut): the caller drops the property.
 */
export function toGeminiSchema(node: unknown, at: string, root: JsonSchema, notes: NoteList, refs: readonly string[] = []): GeminiSchema | undefined {
  const w: Walk = { root, notes, refs };
  if (node === true || (isSchema(node) && Object.keys(node).every((k) => k === 'description' || k === 'title'))) {
    notes.add(at, 'narrowed', 'any JSON value', `${WHY}, which has no untyped schema: a string, number or boolean`);
    return anyValue(isSchema(node) ? text(node) : undefined);
  }
  if (!isSchema(node)) {
    notes.add(at, 'narrowed', 'false (no value allowed)', `${WHY}, which cannot forbid a value`);
    return undefined;
  }
  if (typeof node.$ref === 'string') return fromRef(node, node.$ref, at, w);
  const s: JsonSchema = { ...node };
  if (Array.isArray(s.allOf)) mergeAllOf(s, at, notes);
  const out: GeminiSchema = {};
  const description = text(s);
  if (description) out.description = description;
  // Unions: type lists, anyOf/oneOf; a null alternative is `nullable`.
  let types = typesOf(s);
  if (types.includes('null')) out.nullable = true;
  types = types.filter((t) => t !== 'null');
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return fromAlternatives(s, out, types, at, w);
  if (types.length > 1) return fromTypeList(s, out, types, at, w);
  return fromTyped(s, out, types[0] ? TYPE[types[0]] : inferType(s), at, w);
}

/** A `$ref` inlined (its siblings over the target), or `undefined` when it does not resolve or recurses too deep. */
function fromRef(node: JsonSchema, ref: string, at: string, w: Walk): GeminiSchema | undefined {
  const target = resolveLocalRef(w.root, ref);
  if (!isSchema(target) && target !== true) {
    w.notes.add(pointer(at, '$ref'), 'narrowed', `$ref: ${JSON.stringify(ref)}`, 'a $ref that does not resolve inside the schema cannot be inlined');
    return undefined;
  }
  if (w.refs.filter((r) => r === ref).length >= MAX_REF_DEPTH) {
    w.notes.add(at, 'narrowed', `$ref: ${JSON.stringify(ref)} (recursive)`, `Gemini takes no $ref; a recursive definition is inlined ${MAX_REF_DEPTH} levels deep and cut there`);
    return undefined;
  }
  const { $ref: _r, ...siblings } = node;
  return toGeminiSchema(isSchema(target) ? { ...target, ...siblings } : { ...siblings }, at, w.root, w.notes, [...w.refs, ref]);
}

/** `anyOf`/`oneOf` as an `anyOf` of the converted branches; a `null` branch is `nullable`, a single branch is itself. */
function fromAlternatives(s: JsonSchema, out: GeminiSchema, types: string[], at: string, w: Walk): GeminiSchema | undefined {
  const alternatives = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  if (Array.isArray(s.oneOf)) w.notes.add(pointer(at, 'oneOf'), 'relaxed', 'oneOf', `${WHY}: anyOf only, so "exactly one" became "at least one"`);
  if (!alternatives.length) return types.length > 1 ? fromTypeList(s, out, types, at, w) : fromTyped(s, out, types[0] ? TYPE[types[0]] : inferType(s), at, w);
  const real = alternatives.filter((b) => !(isSchema(b) && b.type === 'null'));
  if (real.length < alternatives.length) out.nullable = true;
  const key = Array.isArray(s.anyOf) ? 'anyOf' : 'oneOf';
  if (real.length === 1 && !types.length) {
    const only = toGeminiSchema(real[0], pointer(at, key, alternatives.indexOf(real[0]!)), w.root, w.notes, w.refs);
    return only ? { ...only, ...out } : undefined;
  }
  const branches = real.map((b) => toGeminiSchema(b, pointer(at, key, alternatives.indexOf(b)), w.root, w.notes, w.refs)).filter((b): b is GeminiSchema => b !== undefined);
  if (!branches.length) return undefined;
  return { ...out, anyOf: branches };
}

/** A list of types (`["string", "integer"]`) as an `anyOf` of one branch per type. */
function fromTypeList(s: JsonSchema, out: GeminiSchema, types: string[], at: string, w: Walk): GeminiSchema {
  w.notes.add(pointer(at, 'type'), 'rewritten', `type: ${JSON.stringify(s.type)}`, `${WHY}: a union of types is an anyOf`);
  const rest = Object.fromEntries(Object.entries(s).filter(([k]) => !['type', 'description', 'title'].includes(k)));
  const branches = types.map((t) => toGeminiSchema({ ...rest, type: t }, at, w.root, w.notes, w.refs)).filter((b): b is GeminiSchema => b !== undefined);
  return { ...out, anyOf: branches };
}

/** A schema of one type (or none, read from its const or enum): its keywords, items or properties, and the rest dropped. */
function fromTyped(s: JsonSchema, out: GeminiSchema, declared: GeminiType | undefined, at: string, w: Walk): GeminiSchema | undefined {
  const dropped: Record<string, unknown> = {};
  const type = constAndEnum(s, out, dropped, declared, at, w.notes);
  if (!type) {
    w.notes.add(at, 'narrowed', 'a schema without a type', `${WHY}, which has no untyped schema: a string, number or boolean`);
    return { ...anyValue(), ...out };
  }
  out.type = type;
  bounds(s, out, dropped, type, at, w.notes);
  if (type === 'ARRAY' && !arrayItems(s, out, at, w)) return undefined;
  if (type === 'OBJECT' && !objectProperties(s, out, at, w)) return undefined;
  for (const [k, v] of Object.entries(s)) {
    if (HANDLED.has(k) || QUIET.has(k) || k === 'additionalProperties') continue;
    if (k === 'exclusiveMinimum' || k === 'exclusiveMaximum') continue;
    dropped[k] = v;
    w.notes.add(pointer(at, k), ['default', 'example', 'readOnly', 'writeOnly', 'deprecated'].includes(k) ? 'dropped' : 'relaxed', keywordText(k, v), `${WHY}, which has no ${k}`);
  }
  const described: JsonSchema = out.description ? { description: out.description } : {};
  describeDropped(described, dropped);
  if (typeof described.description === 'string') out.description = described.description;
  return out;
}

/** `const` and `enum` (strings only; others dropped); a string one gives the type when none is declared. */
function constAndEnum(s: JsonSchema, out: GeminiSchema, dropped: Record<string, unknown>, declared: GeminiType | undefined, at: string, notes: NoteList): GeminiType | undefined {
  let type = declared;
  if ('const' in s) {
    if (typeof s.const === 'string') {
      out.enum = [s.const];
      type ??= 'STRING';
      notes.add(pointer(at, 'const'), 'rewritten', keywordText('const', s.const), `${WHY}, which has no const: a one-value enum`);
    } else {
      dropped.const = s.const;
      notes.add(pointer(at, 'const'), 'relaxed', keywordText('const', s.const), `${WHY}: enums (and so consts) of strings only`);
    }
  }
  if (Array.isArray(s.enum)) {
    const values = s.enum.filter((v) => v !== null);
    if (values.length < s.enum.length) out.nullable = true;
    if (values.every((v) => typeof v === 'string')) {
      out.enum = values as string[];
      type ??= 'STRING';
    } else {
      dropped.enum = s.enum;
      notes.add(pointer(at, 'enum'), 'relaxed', keywordText('enum', s.enum), `${WHY}: enums of strings only`);
    }
  }
  return type;
}

/** `format` (the ones Gemini takes for the type), `pattern`, numeric bounds (exclusive ones made inclusive) and counts. */
function bounds(s: JsonSchema, out: GeminiSchema, dropped: Record<string, unknown>, type: GeminiType, at: string, notes: NoteList): void {
  if (typeof s.format === 'string') {
    if (GEMINI_FORMATS[type]?.includes(s.format)) out.format = s.format;
    else {
      dropped.format = s.format;
      notes.add(pointer(at, 'format'), 'dropped', keywordText('format', s.format), `${WHY}: formats for ${type} are ${GEMINI_FORMATS[type]?.join(', ') ?? 'none'}`);
    }
  }
  if (typeof s.pattern === 'string' && type === 'STRING') out.pattern = s.pattern;
  for (const k of ['minimum', 'maximum'] as const) if (typeof s[k] === 'number') out[k] = s[k] as number;
  for (const [k, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof s[k] !== 'number') continue;
    if (out[bound] === undefined) out[bound] = s[k] as number;
    dropped[k] = s[k];
    notes.add(pointer(at, k), 'relaxed', keywordText(k, s[k]), `${WHY}, which has no ${k}: the bound is inclusive`);
  }
  for (const k of COUNTS) if (typeof s[k] === 'number') out[k] = String(s[k]);
}

/** An array's `items` (a tuple as an `anyOf` of its types; none as any value). @returns false when they cannot be given. */
function arrayItems(s: JsonSchema, out: GeminiSchema, at: string, w: Walk): boolean {
  let items: unknown = s.items;
  if (Array.isArray(s.prefixItems) || Array.isArray(s.items)) {
    const tuple = (Array.isArray(s.prefixItems) ? s.prefixItems : s.items) as unknown[];
    const rest = Array.isArray(s.prefixItems) && isSchema(s.items) ? [s.items] : [];
    items = tuple.length + rest.length === 1 ? (tuple[0] ?? rest[0]) : { anyOf: [...tuple, ...rest] };
    w.notes.add(pointer(at, Array.isArray(s.prefixItems) ? 'prefixItems' : 'items'), 'relaxed', 'a tuple', `${WHY}, which has no tuples: each item may be any of the tuple's types`);
  }
  if (items === undefined || items === false) {
    w.notes.add(pointer(at, 'items'), 'narrowed', 'an array without items', `Gemini requires items for an ARRAY: any string, number or boolean`);
    out.items = anyValue();
    return true;
  }
  const converted = toGeminiSchema(items, pointer(at, 'items'), w.root, w.notes, w.refs);
  if (!converted) return false;
  out.items = converted;
  return true;
}

/** An object's `properties` and `required`. @returns false when a required property or every property is lost. */
function objectProperties(s: JsonSchema, out: GeminiSchema, at: string, w: Walk): boolean {
  const props: Record<string, GeminiSchema> = {};
  const required = new Set(Array.isArray(s.required) ? (s.required as unknown[]).filter((r): r is string => typeof r === 'string') : []);
  for (const [k, v] of Object.entries(isSchema(s.properties) ? s.properties : {})) {
    const converted = toGeminiSchema(v, pointer(at, 'properties', k), w.root, w.notes, w.refs);
    if (converted) props[k] = converted;
    else {
      w.notes.add(pointer(at, 'properties', k), 'narrowed', `property '${k}'`, `${WHY}: nothing it takes stands for this property, so the model cannot send it`);
      if (required.has(k)) return false;
    }
  }
  if ('additionalProperties' in s && s.additionalProperties !== true) {
    w.notes.add(pointer(at, 'additionalProperties'), s.additionalProperties === false ? 'relaxed' : 'narrowed', keywordText('additionalProperties', s.additionalProperties), `${WHY}; older Gemini models refuse additionalProperties`);
  }
  if (!Object.keys(props).length) {
    w.notes.add(at, 'narrowed', 'an object without properties', 'Gemini refuses an OBJECT without properties ("should be non-empty for OBJECT type")');
    return false;
  }
  out.properties = props;
  const req = [...required].filter((r) => r in props);
  if (req.length) out.required = req;
  return true;
}

/** The description, or the title when there is none (Gemini function declarations drop titles). */
function text(s: JsonSchema): string | undefined {
  if (typeof s.description === 'string' && s.description) return s.description;
  return typeof s.title === 'string' && s.title ? s.title : undefined;
}

function inferType(s: JsonSchema): GeminiType | undefined {
  if ('properties' in s || 'additionalProperties' in s) return 'OBJECT';
  if ('items' in s || 'prefixItems' in s) return 'ARRAY';
  return undefined;
}

function mergeAllOf(s: JsonSchema, at: string, notes: NoteList): void {
  const branches = (s.allOf as unknown[]).filter(isSchema);
  delete s.allOf;
  for (const b of branches) {
    for (const [k, v] of Object.entries(b)) {
      if (k === 'properties' && isSchema(v)) s.properties = { ...(isSchema(s.properties) ? s.properties : {}), ...v };
      else if (k === 'required' && Array.isArray(v)) s.required = [...new Set([...(Array.isArray(s.required) ? s.required : []), ...v])];
      else if (!(k in s)) s[k] = v;
    }
  }
  notes.add(pointer(at, 'allOf'), 'relaxed', `allOf (${branches.length} schemas)`, `${WHY}, which has no allOf: its schemas were merged (where they disagree, the first one wins)`);
}
