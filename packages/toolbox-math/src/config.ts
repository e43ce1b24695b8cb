/** Default time one math worker job may run (evaluation, or one solving stage), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** The toolbox's config, read defensively from its section of the provider config. */
export interface MathConfig {
  /** `timeout_ms`: time limit per worker job (evaluation, symbolic stage, numeric stage); default 5000. */
  timeoutMs: number;
}

/**
 * Reads `timeout_ms` (a positive number of milliseconds, at most 10 minutes); anything else falls back
 * to {@link DEFAULT_TIMEOUT_MS}. OVOS's MathToolBox has no config keys; this one is ours.
 */
export function readConfig(config: Readonly<Record<string, unknown>> | null | undefined): MathConfig {
  const raw = config?.timeout_ms;
  const ok = typeof raw === 'number' && Number.isFinite(raw) && raw > 0 && raw <= 600_000;
  return { timeoutMs: ok ? raw : DEFAULT_TIMEOUT_MS };
}
