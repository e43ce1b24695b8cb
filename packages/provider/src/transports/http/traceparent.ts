import { parseTraceparent } from '@ovos-tools/core';

/**
 * The valid W3C `traceparent` among the candidates (the request header first, then the body's
 * `context.traceparent`), lower-cased; `undefined` when none is valid (invalid ones are dropped, as the W3C spec
 * asks). Validation is core's {@link parseTraceparent}.
 */
export function pickTraceparent(...candidates: unknown[]): string | undefined {
  for (const c of candidates) {
    const v = parseTraceparent(c);
    if (v) return v;
  }
  return undefined;
}
