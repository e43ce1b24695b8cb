import { isObjectSchema, isSchema, pointer, typesOf, type JsonSchema, type NoteList } from './schemaNodes.js';

/**
 * Shapes a tool's argument schema into what every vendor takes as function parameters: an object schema at the root
 * with no `anyOf` / `oneOf` / `allOf` there (Anthropic: "input_schema does not support oneOf, allOf, or anyOf at the
 * top level"; OpenAI: the root must be `type: "object"`, not a union). In place:
 * - a root without `type` that describes an object gets `type: "object"` (rewritten);
 * - `allOf` branches that are plain objects are merged into the root (rewritten: properties and `required` united);
 * - `anyOf` / `oneOf` branches that are objects are merged into one object whose properties are those of every
 *   branch and whose `required` are the ones every branch requires (relaxed: the model may send a combination no
 *   branch allows; the provider checks the original schema);
 * - anything else left at the root level under those keywords is dropped (relaxed).
 * @returns an error text when the root cannot be an object (e.g. `type: "string"`), else `undefined`.
 */
export function shapeRootObject(schema: JsonSchema, path: string, notes: NoteList, vendor: string): string | undefined {
  if (Array.isArray(schema.allOf)) {
    const rest: unknown[] = [];
    for (const branch of schema.allOf) {
      if (isPlainObjectBranch(branch)) mergeInto(schema, branch, 'all');
      else rest.push(branch);
    }
    delete schema.allOf;
    if (rest.length) notes.add(pointer(path, 'allOf'), 'relaxed', `allOf (${rest.length} of its schemas)`, `${vendor} takes no allOf at the root of the parameters; the object branches were merged and the rest dropped`);
    else notes.add(pointer(path, 'allOf'), 'rewritten', 'allOf of object schemas', `${vendor} takes no allOf at the root of the parameters: merged into one object`);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    delete schema[key];
    const objects = branches.filter((b): b is JsonSchema => isSchema(b) && isObjectSchema(b));
    if (objects.length) {
      const required = objects.map((b) => new Set(Array.isArray(b.required) ? (b.required as string[]) : []));
      const common = [...(required[0] ?? [])].filter((r) => required.every((s) => s.has(r)));
      const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      for (const b of objects) mergeInto(schema, { ...b, required: [] }, 'any');
      schema.required = [...new Set([...own, ...common])];
      if (!(schema.required as string[]).length) delete schema.required;
    }
    notes.add(pointer(path, key), 'relaxed', `${key} (${branches.length} alternatives)`, `${vendor} takes no ${key} at the root of the parameters: the alternatives' properties were merged into one object, required only where every alternative requires them`);
  }
  const types = typesOf(schema);
  if (!types.length) {
    schema.type = 'object';
    if (!('properties' in schema)) schema.properties = {};
    notes.add(pointer(path, 'type'), 'rewritten', 'no type at the root', `${vendor} takes function parameters as type "object"`);
  } else if (!types.includes('object')) {
    return `the argument schema is not an object (type: ${JSON.stringify(schema.type)}); ${vendor} takes function parameters as an object`;
  } else if (types.length > 1) {
    notes.add(pointer(path, 'type'), 'relaxed', `type: ${JSON.stringify(schema.type)}`, `${vendor} takes function parameters as type "object" only`);
    schema.type = 'object';
  }
  return undefined;
}

function isPlainObjectBranch(b: unknown): b is JsonSchema {
  if (!isSchema(b) || !isObjectSchema(b)) return false;
  return Object.keys(b).every((k) => ['type', 'properties', 'required', 'title', 'description'].includes(k));
}

/** Adds `branch`'s properties and required names to `target`; a property both declare becomes their `allOf`/`anyOf`. */
function mergeInto(target: JsonSchema, branch: JsonSchema, mode: 'all' | 'any'): void {
  const props = (isSchema(target.properties) ? target.properties : (target.properties = {})) as JsonSchema;
  for (const [k, v] of Object.entries(isSchema(branch.properties) ? branch.properties : {})) {
    const existing = props[k];
    if (existing === undefined || JSON.stringify(existing) === JSON.stringify(v)) props[k] = v;
    else props[k] = mode === 'all' ? { allOf: [existing, v] } : { anyOf: [existing, v] };
  }
  const req = Array.isArray(branch.required) ? (branch.required as string[]) : [];
  if (req.length) target.required = [...new Set([...(Array.isArray(target.required) ? (target.required as string[]) : []), ...req])];
}
