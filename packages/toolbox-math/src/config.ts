import { Type } from '@ovos-tools/core';
import { readConfig as readSection } from '@ovos-tools/core/node';

/** Default time one math worker job may run (evaluation, or one solving stage), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** The toolbox's config, read defensively from its section of the provider config. */
export interface MathConfig {
  /** `timeout_ms`: time limit per worker job (evaluation, symbolic stage, numeric stage); default 5000. */
  timeoutMs: number;
  /**
   * `warm_worker`: whether the toolbox's warm-up starts the expression worker (mathjs and nerdamer-prime in a thread
   * of their own: about 15 MB that then stays), so the first `evaluate_expression` or `solve_equation` does not wait
   * for it (0.1–0.3 s on a small machine); default false: the worker starts with the first such call.
   */
  warmWorker: boolean;
}

/** The keys of the toolbox's config section (OVOS's MathToolBox has none; these are ours). */
export const MathConfigSchema = Type.Object({
  timeout_ms: Type.Number({
    exclusiveMinimum: 0,
    maximum: 600_000,
    default: DEFAULT_TIMEOUT_MS,
    description: 'Time limit per worker job (evaluation, symbolic stage, numeric stage), in milliseconds; at most 10 minutes.',
  }),
  warm_worker: Type.Boolean({
    default: false,
    description: 'Start the expression worker (about 15 MB) during the warm-up instead of on the first evaluate_expression or solve_equation.',
  }),
});

/**
 * Reads `timeout_ms` (a positive number of milliseconds, at most 10 minutes; a numeric string is accepted) and
 * `warm_worker` (a boolean); anything else falls back, silently, to the defaults ({@link DEFAULT_TIMEOUT_MS}, false).
 * OVOS's MathToolBox has no config keys; these are ours.
 */
export function readConfig(config: Readonly<Record<string, unknown>> | null | undefined): MathConfig {
  const section = readSection(MathConfigSchema, config).config;
  return { timeoutMs: section.timeout_ms, warmWorker: section.warm_worker };
}
