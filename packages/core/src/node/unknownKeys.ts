import type { ConfigProblem } from './readConfig.js';
import { nearestKey } from './nearestKey.js';

/** The JSON Schema keywords the walk reads (TypeBox schemas are plain JSON Schema). */
interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  anyOf?: SchemaNode[];
  items?: SchemaNode;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The keys of `value` that `schema` does not declare, at every level: one {@link ConfigProblem} each, keyed by its
 * dotted path (`result_store.maxBytes`, `agents.ops.tool`), whose message names the nearest known key when one is
 * close (`unknown key; did you mean 'result_store.max_bytes'?`), else every known key. An object schema is closed
 * unless it sets `additionalProperties`; a record (`patternProperties`) accepts any key and checks each value; a union
 * of object shapes accepts the keys of all of them. Values of the wrong type are not reported here (the value check
 * does that). Never throws.
 * @param path - the dotted path of `value` (`''` at the top of the file).
 */
export function unknownKeys(schema: object, value: unknown, path = ''): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  walk(schema as SchemaNode, value, path, out);
  return out;
}

/** The message of a key no schema declares: the nearest known key, else the list of them. */
export function unknownKeyMessage(key: string, known: readonly string[], parent: string): string {
  const near = nearestKey(key, known);
  if (near !== undefined) return `unknown key; did you mean '${parent ? `${parent}.` : ''}${near}'?`;
  return known.length ? `unknown key (expected one of ${known.join(', ')})` : 'unknown key (this section takes none)';
}

function walk(schema: SchemaNode, value: unknown, path: string, out: ConfigProblem[]): void {
  if (Array.isArray(value)) {
    const items = schema.items ?? schema.anyOf?.find((s) => s.items)?.items;
    if (items) value.forEach((v, i) => walk(items, v, `${path}[${i}]`, out));
    return;
  }
  if (!isPlainObject(value)) return;
  const shapes = [schema, ...(schema.anyOf ?? [])].filter((s) => s.properties || s.patternProperties);
  if (shapes.length === 0) return;
  const record = shapes.find((s) => s.patternProperties);
  if (record) {
    const each = Object.values(record.patternProperties!)[0]!;
    for (const [key, v] of Object.entries(value)) walk(each, v, join(path, key), out);
    return;
  }
  const known = new Map<string, SchemaNode>();
  for (const s of shapes) for (const [key, p] of Object.entries(s.properties!)) if (!known.has(key)) known.set(key, p);
  const open = shapes.some((s) => s.additionalProperties !== undefined && s.additionalProperties !== false);
  for (const [key, v] of Object.entries(value)) {
    const property = known.get(key);
    if (property) walk(property, v, join(path, key), out);
    else if (!open) out.push({ key: join(path, key), message: unknownKeyMessage(key, [...known.keys()], path) });
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
