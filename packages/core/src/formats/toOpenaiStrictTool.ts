import { toStrictJsonSchema } from 'openai/lib/transform';
import type { ToolDescriptor } from '../host/ToolboxHost.js';
import type { OpenAITool } from '../toolbox/openaiFormat.js';
import { ARGS, cannotConvert, prepareParameters, vendorName } from './prepareParameters.js';
import { ANNOTATION_KEYWORDS, describeDropped, isObjectSchema, isSchema, keywordText, NoteList, pointer, typesOf, type JsonSchema } from './schemaNodes.js';
import type { ToolConversion } from './ToolConversion.js';

/**
 * Keywords OpenAI Structured Outputs takes (OpenAI docs, Structured Outputs, "Supported schemas": types string,
 * number, boolean, integer, object, array, enum, anyOf; string `pattern`, `format`; number `multipleOf`, `maximum`,
 * `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; array `minItems`, `maxItems`; definitions via `$defs` and `$ref`).
 */
export const OPENAI_STRICT_KEYWORDS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const', '$ref', '$defs', 'definitions',
  'description', 'title', 'pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems',
]);
/** String formats Structured Outputs supports (same docs). */
export const OPENAI_STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const WHY = 'OpenAI strict mode (Structured Outputs)';
const ANY_VALUE = (): JsonSchema => ({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] });

/**
 * One tool as an OpenAI function tool in strict mode: `{type: "function", function: {name, description, parameters,
 * strict: true}}`. The argument schema is brought into the Structured Outputs subset first — every object closed
 * with `additionalProperties: false`, every property required with the optional ones made nullable (a model sends
 * `null` to leave one out; `restoreStrictArguments` turns those nulls back into absent keys before the call), `oneOf`
 * as `anyOf`, unsupported keywords dropped into the description — and then finished and checked by the `openai`
 * SDK's own `toStrictJsonSchema`. What the SDK still refuses makes the conversion fail with its message.
 */
export function toOpenaiStrictTool(tool: ToolDescriptor): ToolConversion<OpenAITool> {
  const notes = new NoteList();
  const name = vendorName(tool, 'openai-strict', notes);
  const prepared = prepareParameters(tool, 'OpenAI strict mode', notes, true);
  if ('error' in prepared) return cannotConvert(tool, 'openai-strict', name, prepared.error, notes);
  const schema = prepared.schema;
  for (const k of ['$schema', '$id']) if (k in schema) delete schema[k];
  try {
    strictify(schema, ARGS, notes);
    const parameters = toStrictJsonSchema(schema) as Record<string, unknown>;
    return { ok: true, format: 'openai-strict', name, definition: { type: 'function', function: { name, description: tool.description, parameters, strict: true } }, notes: notes.notes };
  } catch (err) {
    return cannotConvert(tool, 'openai-strict', name, err instanceof Error ? err.message : String(err), notes);
  }
}

/** Brings one schema node (and everything under it) into the strict subset, in place. */
function strictify(node: JsonSchema, at: string, notes: NoteList): void {
  if (Array.isArray(node.oneOf)) {
    node.anyOf = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...node.oneOf];
    delete node.oneOf;
    notes.add(pointer(at, 'oneOf'), 'relaxed', 'oneOf', `${WHY} takes anyOf, not oneOf: "exactly one" became "at least one"`);
  }
  const types = typesOf(node).filter((t) => t !== 'null');
  if (types.length > 1) splitTypes(node, types, at, notes);
  if (Array.isArray(node.prefixItems)) {
    const tuple = node.prefixItems as unknown[];
    const rest = node.items;
    node.items = { anyOf: [...tuple, ...(isSchema(rest) ? [rest] : [])] };
    delete node.prefixItems;
    notes.add(pointer(at, 'prefixItems'), 'relaxed', 'a tuple (prefixItems)', `${WHY} takes one schema for every array item: each item may now be any of the tuple's types`);
  }
  if (Array.isArray(node.allOf)) mergeAllOf(node, at, notes);
  const dropped: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const unsupported = !OPENAI_STRICT_KEYWORDS.has(key) || (key === 'format' && !OPENAI_STRICT_FORMATS.has(String(node.format)));
    if (!unsupported) continue;
    if (!['allOf', 'not', 'examples'].includes(key) && !key.startsWith('$')) dropped[key] = node[key];
    const action = ANNOTATION_KEYWORDS.has(key) ? 'dropped' : key === 'patternProperties' ? 'narrowed' : 'relaxed';
    const also = key === 'patternProperties' ? ': objects are closed, so keys matching the patterns can no longer be sent' : '';
    notes.add(pointer(at, key), action, keywordText(key, node[key]), `${WHY} does not take ${key === 'format' ? `format "${String(node.format)}"` : key}${also}`);
    delete node[key];
  }
  describeDropped(node, dropped);
  if (isObjectSchema(node)) closeObject(node, at, notes);
  if (typesOf(node).includes('array') && !isSchema(node.items)) {
    node.items = ANY_VALUE();
    notes.add(pointer(at, 'items'), 'narrowed', 'an array without items', `${WHY} needs a schema for the items: any string, number, boolean or null`);
  }
  for (const [key, isMap] of [['properties', true], ['$defs', true], ['definitions', true], ['items', false], ['anyOf', false]] as const) {
    const v = node[key];
    if (key === 'anyOf' && Array.isArray(v)) v.forEach((c, i) => (v[i] = strictChild(c, pointer(at, key, i), notes)));
    else if (isMap && isSchema(v)) for (const k of Object.keys(v)) v[k] = strictChild(v[k], pointer(at, key, k), notes);
    else if (!isMap && v !== undefined) node[key] = strictChild(v, pointer(at, key), notes);
  }
  if (isSchema(node.properties)) makeOptionalNullable(node, at, notes);
}

function strictChild(child: unknown, at: string, notes: NoteList): unknown {
  if (child === true || (isSchema(child) && !hasShape(child) && Object.keys(child).every((k) => ANNOTATION_KEYWORDS.has(k)))) {
    notes.add(at, 'narrowed', 'any JSON value', `${WHY} needs a type for every value: a string, number, boolean or null`);
    return { ...(isSchema(child) ? child : {}), ...ANY_VALUE() };
  }
  if (isSchema(child)) strictify(child, at, notes);
  return child;
}

/** Merges `allOf` branches that only add properties (or a lone branch into a node without its own shape); the rest is dropped by the caller. */
function mergeAllOf(node: JsonSchema, at: string, notes: NoteList): void {
  const branches = node.allOf as unknown[];
  const rest: unknown[] = [];
  for (const b of branches) {
    if (!isSchema(b)) rest.push(b);
    else if (branches.length === 1 && !hasShape(node)) Object.assign(node, { ...b, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'allOf')) });
    else if (Object.keys(b).every((k) => ['type', 'properties', 'required', 'description', 'title'].includes(k)) && isObjectSchema(b) && (node.type === undefined || node.type === 'object')) {
      node.type = 'object';
      node.properties = { ...(isSchema(node.properties) ? node.properties : {}), ...(isSchema(b.properties) ? b.properties : {}) };
      node.required = [...new Set([...(Array.isArray(node.required) ? node.required : []), ...(Array.isArray(b.required) ? b.required : [])])];
    } else rest.push(b);
  }
  if (rest.length) node.allOf = rest;
  else {
    delete node.allOf;
    notes.add(pointer(at, 'allOf'), 'rewritten', 'allOf', `${WHY} takes no allOf: its schemas were merged`);
  }
}

function hasShape(s: JsonSchema): boolean {
  return ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'properties', 'items', 'prefixItems'].some((k) => k in s);
}

function splitTypes(node: JsonSchema, types: string[], at: string, notes: NoteList): void {
  const nullable = typesOf(node).includes('null');
  const shared = Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'type' && !ANNOTATION_KEYWORDS.has(k)));
  for (const k of Object.keys(shared)) delete node[k];
  delete node.type;
  node.anyOf = [...types.map((t) => ({ ...structuredClone(shared), type: t })), ...(nullable ? [{ type: 'null' }] : [])];
  notes.add(pointer(at, 'type'), 'rewritten', `type: ${JSON.stringify(types)}`, `${WHY} takes a union of types as anyOf`);
}

function closeObject(node: JsonSchema, at: string, notes: NoteList): void {
  if (node.type === undefined) node.type = 'object';
  if (!isSchema(node.properties)) node.properties = {};
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    notes.add(pointer(at, 'additionalProperties'), 'narrowed', keywordText('additionalProperties', node.additionalProperties), `${WHY} requires additionalProperties: false: keys not listed in properties can no longer be sent`);
  }
  node.additionalProperties = false;
  const props = node.properties as JsonSchema;
  const required = Array.isArray(node.required) ? (node.required as unknown[]).filter((r): r is string => typeof r === 'string') : [];
  const undeclared = required.filter((r) => !Object.hasOwn(props, r));
  if (undeclared.length) notes.add(pointer(at, 'required'), 'relaxed', `required ${JSON.stringify(undeclared)} without properties`, `${WHY} requires every required name to be a declared property`);
  node.required = required.filter((r) => Object.hasOwn(props, r));
}

function makeOptionalNullable(node: JsonSchema, at: string, notes: NoteList): void {
  const props = node.properties as JsonSchema;
  const required = new Set(node.required as string[]);
  for (const key of Object.keys(props)) {
    if (required.has(key)) continue;
    props[key] = nullable(props[key]);
    notes.add(pointer(at, 'properties', key), 'rewritten', `optional property '${key}'`, `${WHY} requires every property: it is required and nullable, and a null from the model means "left out"`);
  }
  node.required = Object.keys(props);
}

/** The schema that also accepts `null`. */
export function nullable(schema: unknown): JsonSchema {
  if (!isSchema(schema)) return { anyOf: [schema, { type: 'null' }] };
  const s = { ...schema };
  if (typeof s.type === 'string' && !('anyOf' in s) && !('$ref' in s)) {
    if (s.type !== 'null') s.type = [s.type, 'null'];
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
    if ('const' in s) return wrapNull(s);
    return s;
  }
  if (Array.isArray(s.type)) {
    if (!s.type.includes('null')) s.type = [...s.type, 'null'];
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
    return s;
  }
  if (Array.isArray(s.anyOf) && !('$ref' in s)) {
    if (!s.anyOf.some((b) => isSchema(b) && b.type === 'null')) s.anyOf = [...s.anyOf, { type: 'null' }];
    return s;
  }
  if (Array.isArray(s.enum) && s.type === undefined && !('$ref' in s)) {
    if (!s.enum.includes(null)) s.enum = [...s.enum, null];
    return s;
  }
  return wrapNull(s);
}

function wrapNull(s: JsonSchema): JsonSchema {
  const annotations = Object.fromEntries(Object.entries(s).filter(([k]) => k === 'description' || k === 'title'));
  const inner = Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'description' && k !== 'title'));
  return { ...annotations, anyOf: [inner, { type: 'null' }] };
}
