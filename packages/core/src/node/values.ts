/** Node's largest timer delay, in ms (2^31 - 1, about 24.8 days); a longer delay would fire after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A delay (ms) that Node can time, or `undefined` for "no limit": `Infinity`, `NaN`, `undefined` and anything at or
 * beyond {@link MAX_TIMER_MS}. Negative delays become 0.
 */
export function timerDelay(ms: number | undefined): number | undefined {
  if (ms === undefined || Number.isNaN(ms) || ms >= MAX_TIMER_MS) return undefined;
  return Math.max(0, ms);
}

/** `"<name>: <message>"` for an `Error` (e.g. `TypeError: x is not a function`), `String(value)` for anything else. */
export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** The message of an `Error`, `String(value)` for anything else thrown. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** True for a plain JSON-style object: not `null`, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
