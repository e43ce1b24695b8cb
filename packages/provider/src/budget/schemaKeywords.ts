// What the cut reads from a JSON Schema (see truncateToBudget): plain lookups that tolerate any shape.

/** A JSON Schema as the cut reads it; `undefined` when there is none. */
export type Schema = Record<string, unknown> | undefined;

/** A string the schema constrains in a way a cut would break (`enum`, `const`, `format`, `pattern`). */
export function wholeString(schema: Schema): boolean {
  return schema !== undefined && ('enum' in schema || 'const' in schema || 'format' in schema || 'pattern' in schema);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function minItems(schema: Schema): number {
  return typeof schema?.minItems === 'number' && schema.minItems > 0 ? schema.minItems : 0;
}

export function requiredKeys(schema: Schema): string[] {
  return Array.isArray(schema?.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
}

export function propertySchema(schema: Schema, key: string): Schema {
  const props = schema?.properties;
  if (isObject(props) && Object.hasOwn(props, key) && isObject(props[key])) return props[key];
  return isObject(schema?.additionalProperties) ? schema.additionalProperties : undefined;
}

export function itemSchema(schema: Schema, i: number): Schema {
  const prefix = schema?.prefixItems;
  if (Array.isArray(prefix)) return isObject(prefix[i]) ? prefix[i] : isObject(schema?.items) ? schema.items : undefined;
  const items = schema?.items;
  if (Array.isArray(items)) return isObject(items[i]) ? items[i] : isObject(schema?.additionalItems) ? schema.additionalItems : undefined;
  return isObject(items) ? items : undefined;
}
