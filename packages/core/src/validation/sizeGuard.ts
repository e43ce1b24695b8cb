import { previewValue } from './previewValue.js';

/** A compiled check for inputs over a schema's size limits; the problem text, or `null` when within them. */
export type SizeGuard = (value: unknown) => string | null;

const none: SizeGuard = () => null;

/**
 * Compiles the `maxItems` limits of a JSON Schema into a check that runs before coercion and validation: an array
 * over its limit is refused at once, in the validator's words (`numbers: must not have more than 100000 items,
 * received [0,1,...]`), instead of having each of its elements coerced and then an error tracker walk all of them
 * (3 million numbers took seconds to be refused, on the thread serving the toolbox). Follows `properties` of object
 * schemas and stops at arrays: its cost depends on the schema, never on the size of the value.
 */
export function compileSizeGuard(schema: unknown, path = ''): SizeGuard {
  if (!schema || typeof schema !== 'object') return none;
  const s = schema as { maxItems?: unknown; properties?: Record<string, unknown> };
  const checks: SizeGuard[] = [];
  if (typeof s.maxItems === 'number') {
    const limit = s.maxItems;
    const at = path || '(arguments)';
    checks.push((v) => (Array.isArray(v) && v.length > limit ? `${at}: must not have more than ${limit} items, received ${previewValue(v)}` : null));
  }
  if (s.properties && typeof s.properties === 'object') {
    for (const [key, sub] of Object.entries(s.properties)) {
      const inner = compileSizeGuard(sub, path ? `${path}.${key}` : key);
      if (inner === none) continue;
      checks.push((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key) ? inner((v as Record<string, unknown>)[key]) : null));
    }
  }
  if (checks.length === 0) return none;
  if (checks.length === 1) return checks[0]!;
  return (v) => {
    for (const check of checks) {
      const problem = check(v);
      if (problem) return problem;
    }
    return null;
  };
}
