import { isSchema, resolveLocalRef, typesOf, type JsonSchema } from './schemaNodes.js';

/**
 * Undoes OpenAI strict mode's "optional means nullable" on a model's arguments, before they are validated against
 * the tool's original schema: a `null` for a property the original schema does not require and does not allow to be
 * null is removed, as if the model had left it out (which is what the strict definition told it `null` means).
 * Walks nested objects and array items through `properties`, `items` and local `$ref`s. Anything else — a `null`
 * the original schema allows, a required property — is left for validation to judge. Returns a new value; the
 * input is not changed.
 */
export function restoreStrictArguments(argumentSchema: object, args: unknown): unknown {
  const root = JSON.parse(JSON.stringify(argumentSchema)) as JsonSchema;
  return restore(root, root, args, 0);
}

function restore(root: JsonSchema, schema: unknown, value: unknown, depth: number): unknown {
  if (depth > 64 || !isSchema(schema)) return value;
  const s = typeof schema.$ref === 'string' ? resolveLocalRef(root, schema.$ref) : schema;
  if (!isSchema(s)) return value;
  if (Array.isArray(value)) return isSchema(s.items) ? value.map((v) => restore(root, s.items, v, depth + 1)) : value;
  if (value === null || typeof value !== 'object') return value;
  const props = isSchema(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const propSchema = Object.hasOwn(props, k) ? props[k] : undefined;
    if (v === null && propSchema !== undefined && !required.has(k) && !acceptsNull(root, propSchema)) continue;
    out[k] = propSchema === undefined ? v : restore(root, propSchema, v, depth + 1);
  }
  return out;
}

/** True when `schema` lets `null` through (conservatively: an unconstrained schema does). */
function acceptsNull(root: JsonSchema, schema: unknown, depth = 0): boolean {
  if (schema === true) return true;
  if (!isSchema(schema) || depth > 16) return false;
  if (typeof schema.$ref === 'string') return acceptsNull(root, resolveLocalRef(root, schema.$ref), depth + 1);
  if ('type' in schema && !typesOf(schema).includes('null')) return false;
  if ('const' in schema && schema.const !== null) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && !branches.some((b) => acceptsNull(root, b, depth + 1))) return false;
  }
  if (Array.isArray(schema.allOf) && !schema.allOf.every((b) => acceptsNull(root, b, depth + 1))) return false;
  return true;
}
