import { Type } from '@ovos-tools/core';
import { readConfig as readSection } from '@ovos-tools/core/node';

/** Default time one math worker job may run (evaluation, or one solving stage), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** The toolbox's config, read defensively from its section of the provider config. */
export interface MathConfig {
  /** `timeout_ms`: time limit per worker job (evaluation, symbolic stage, numeric stage); default 5000. */
  timeoutMs: number;
}

/** The keys of the toolbox's config section (OVOS's MathToolBox has none; these are ours). */
const MathConfigSchema = Type.Object({
  timeout_ms: Type.Number({
    exclusiveMinimum: 0,
    maximum: 600_000,
    default: DEFAULT_TIMEOUT_MS,
    description: 'Time limit per worker job (evaluation, symbolic stage, numeric stage), in milliseconds; at most 10 minutes.',
  }),
});

/**
 * Reads `timeout_ms` (a positive number of milliseconds, at most 10 minutes; a numeric string is accepted);
 * anything else falls back, silently, to {@link DEFAULT_TIMEOUT_MS}. OVOS's MathToolBox has no config keys; this
 * one is ours.
 */
export function readConfig(config: Readonly<Record<string, unknown>> | null | undefined): MathConfig {
  return { timeoutMs: readSection(MathConfigSchema, config).config.timeout_ms };
}
