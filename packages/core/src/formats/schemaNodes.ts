import type { FormatNote } from './FormatNote.js';

/** A JSON Schema object (boolean schemas are handled where they may appear). */
export type JsonSchema = Record<string, unknown>;

/** True for a schema object (not `null`, not an array, not a boolean schema). */
export function isSchema(v: unknown): v is JsonSchema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'] as const;
/** Keywords whose value is a list of subschemas (`items` too, in its draft-07 tuple form). */
export const LIST_SCHEMA_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
export const MAP_SCHEMA_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;

/** Keywords that only annotate (they constrain nothing). */
export const ANNOTATION_KEYWORDS = new Set(['title', 'description', 'default', 'examples', 'example', '$comment', 'readOnly', 'writeOnly', 'deprecated']);

/** A JSON Pointer: `base` plus escaped segments (`~` → `~0`, `/` → `~1`). */
export function pointer(base: string, ...segments: Array<string | number>): string {
  return base + segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Calls `visit` for every direct subschema of `schema` with its pointer: the values of {@link SINGLE_SCHEMA_KEYWORDS},
 * {@link LIST_SCHEMA_KEYWORDS} and {@link MAP_SCHEMA_KEYWORDS}, `items` (one schema or a draft-07 list) and the
 * schema values of draft-07 `dependencies`.
 */
export function forEachSubschema(schema: JsonSchema, path: string, visit: (child: unknown, childPath: string, keyword: string) => void): void {
  for (const k of SINGLE_SCHEMA_KEYWORDS) if (k in schema) visit(schema[k], pointer(path, k), k);
  for (const k of [...LIST_SCHEMA_KEYWORDS, 'items'] as const) {
    const v = schema[k];
    if (Array.isArray(v)) v.forEach((c, i) => visit(c, pointer(path, k, i), k));
    else if (k === 'items' && v !== undefined) visit(v, pointer(path, k), k);
  }
  for (const k of [...MAP_SCHEMA_KEYWORDS, 'dependencies'] as const) {
    const v = schema[k];
    if (!isSchema(v)) continue;
    for (const [name, c] of Object.entries(v)) if (k !== 'dependencies' || !Array.isArray(c)) visit(c, pointer(path, k, name), k);
  }
}

/** The schema a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON Pointer fragment) points at in `root`. */
export function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isSchema(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The `type` keyword as a list (`[]` when absent). */
export function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

/** True when the schema describes an object: `type: "object"` or object keywords without a type. */
export function isObjectSchema(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  if (types.length) return types.includes('object');
  return 'properties' in schema || 'additionalProperties' in schema || 'patternProperties' in schema;
}

/** Collects {@link FormatNote}s for one conversion; `base` prefixes every pointer (e.g. `/argument_schema`). */
export class NoteList {
  readonly notes: FormatNote[] = [];
  add(path: string, action: FormatNote['action'], what: string, why: string): void {
    this.notes.push({ path, action, what, why });
  }
}

/**
 * Appends keywords a vendor dropped to the schema's description, so the model still reads them (the way the
 * Anthropic SDK's `transformJSONSchema` does): `"<description>\n\n{minLength: 3, format: \"uri\"}"`.
 */
export function describeDropped(schema: JsonSchema, dropped: Record<string, unknown>): void {
  const entries = Object.entries(dropped);
  if (!entries.length) return;
  const text = `{${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')}}`;
  const d = typeof schema.description === 'string' && schema.description ? `${schema.description}\n\n` : '';
  schema.description = d + text;
}

/** A short rendering of a keyword and its value for notes: `format: "uri"`, `items: [2 schemas]`. */
export function keywordText(keyword: string, value: unknown): string {
  if (Array.isArray(value) && value.some(isSchema)) return `${keyword}: [${value.length} schemas]`;
  if (isSchema(value)) return `${keyword}: {…}`;
  const json = JSON.stringify(value);
  return `${keyword}: ${json !== undefined && json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
}
