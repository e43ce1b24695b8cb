import type { JsonObject } from '@ovos-tools/core';

/**
 * One line per property of an object schema, as `ovos-tools get` prints arguments and output:
 * `  name: <type> (required | optional[, default <json>]) - <description>`. A property with a default is optional to
 * the caller (the provider fills it in) even when the schema lists it as required. Types read as TypeScript does:
 * `"earlier" | "later"` for a union of constants or an enum, `string | null`, `string[]`, `("a" | "b")[]`.
 * @returns the lines, or `  (none)` for a schema without properties.
 */
export function describeFields(schema: JsonObject | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema?.required ?? []) as string[]);
  const out = Object.entries(props).map(([key, p]) => {
    const need = required.has(key) && p.default === undefined ? 'required' : 'optional';
    const extra = p.default === undefined ? need : `${need}, default ${JSON.stringify(p.default)}`;
    return `  ${key}: ${typeText(p)} (${extra})${p.description ? ` - ${String(p.description)}` : ''}`;
  });
  return out.length ? out : ['  (none)'];
}

/** A schema's type as words: constants as JSON, unions joined with ` | `, arrays as `T[]`; `any` when it says none. */
export function typeText(schema: unknown, depth = 0): string {
  if (schema === null || typeof schema !== 'object' || depth > 4) return 'any';
  const s = schema as JsonObject;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) return [...new Set(branches.map((b) => typeText(b, depth + 1)))].join(' | ');
  if (Array.isArray(s.type)) return s.type.map(String).join(' | ');
  if (s.type === 'array') {
    const item = typeText(s.items, depth + 1);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  return typeof s.type === 'string' ? s.type : 'any';
}
