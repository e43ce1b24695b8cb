import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** The first field of a payload that does not match its schema: its top-level key and the value sent. */
export interface PayloadMismatch {
  /** The top-level key that is wrong (`""` when the payload itself is not an object). */
  field: string;
  /** The value sent for it. */
  received: unknown;
}

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * Checks `data` against one of the payload schemas (ovosRequests.ts, ovosResponses.ts) (strictly, no coercion: OVOS's lax reading of `name` is
 * the caller's, see {@link OvosToolName}) and returns `null`, or the first top-level field that does not match.
 * Each schema is compiled once, on first use. Never throws.
 */
export function checkPayload(schema: TSchema, data: unknown): PayloadMismatch | null {
  let check = compiled.get(schema);
  if (!check) {
    check = Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(data)) return null;
  for (const err of check.Errors(data)) {
    const field = (err as { instancePath: string }).instancePath.split('/')[1] ?? '';
    const key = field.replace(/~1/g, '/').replace(/~0/g, '~');
    return { field: key, received: key && data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : data };
  }
  return { field: '', received: data };
}
