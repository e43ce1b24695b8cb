/** W3C Trace Context `traceparent`: `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`, ids not all zero. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The valid `traceparent` among the candidates (the request header first, then the body's `context.traceparent`),
 * lower-cased; `undefined` when none is valid (invalid ones are dropped, as the W3C spec asks).
 */
export function pickTraceparent(...candidates: unknown[]): string | undefined {
  for (const c of candidates) {
    if (typeof c !== 'string') continue;
    const v = c.trim().toLowerCase();
    const m = TRACEPARENT.exec(v);
    if (m && m[1] !== 'ff' && !/^0+$/.test(m[2]!) && !/^0+$/.test(m[3]!)) return v;
  }
  return undefined;
}
