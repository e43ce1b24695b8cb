/** Reconnect timing for {@link MessageBusClient}: capped exponential backoff with jitter. */
export interface ReconnectOptions {
  /** Delay before the first reconnect attempt, in ms; default 250. Doubles on every failed attempt. */
  initialDelayMs?: number;
  /** Cap on the delay, in ms; default 5000. */
  maxDelayMs?: number;
  /**
   * Random spread as a fraction of the delay, 0-1; default 0.2 (each delay is the nominal one ±20 %).
   * Keeps many clients from reconnecting in lock-step after a bus restart.
   */
  jitter?: number;
}

/** The defaults of {@link ReconnectOptions}. */
export const DEFAULT_RECONNECT: Readonly<Required<ReconnectOptions>> = Object.freeze({
  initialDelayMs: 250,
  maxDelayMs: 5000,
  jitter: 0.2,
});

/**
 * The wait before reconnect attempt `attempt` (0 for the first): `min(maxDelayMs, initialDelayMs * 2^attempt)`
 * spread by ±`jitter`, never above `maxDelayMs` nor below 0.
 *
 * @param random - a source of numbers in [0, 1); default `Math.random` (pass a constant in tests).
 * @returns milliseconds, an integer.
 */
export function reconnectDelay(attempt: number, options: ReconnectOptions = {}, random: () => number = Math.random): number {
  const initial = Math.max(0, options.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs);
  const max = Math.max(initial, options.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs);
  const jitter = Math.min(1, Math.max(0, options.jitter ?? DEFAULT_RECONNECT.jitter));
  const nominal = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  const spread = nominal * jitter * (2 * random() - 1);
  return Math.round(Math.min(max, Math.max(0, nominal + spread)));
}
