import { Type, type Static } from '@ovos-tools/core';
import type { ReloadRule } from '../service/ReloadRule.js';

/** Settings of `BusFederation` (`federation` in the provider config). */
export interface FederationSettings {
  /** Off: only local toolboxes are served. Default on. */
  enabled: boolean;
  /** How long a discovery collects `ovos.persona.tools.discover.response` frames, ms; default 300. */
  discoverWindowMs: number;
  /** Re-discovery period, ms; default 60000 (0: only on reload, on joiners' answers and on other providers' `ovos.tools.changed`). */
  intervalMs: number;
  /**
   * How long a call to a federated toolbox waits for its answer, ms; default 2000, so a toolbox that died is answered
   * as unavailable before a Python caller's default `wait_for_response` of 3 s gives up. It is the time limit of every federated tool (`tool_timeouts` still sets one tool's);
   * a toolbox that stays silent that long is marked unavailable until it answers a discovery again.
   */
  answerTimeoutMs: number;
}

/** Federation's key of the provider config: `federation: false`, or `{enabled, discover_window_ms, interval_ms, answer_timeout_ms}`. */
export const FederationKeys = Type.Object({
  federation: Type.Union(
    [
      Type.Boolean(),
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean({ default: true, description: 'Serve toolboxes found elsewhere on the messagebus' })),
          discover_window_ms: Type.Optional(Type.Number({ minimum: 0, default: 300, description: 'How long a discovery collects answers, ms' })),
          interval_ms: Type.Optional(Type.Number({ minimum: 0, default: 60_000, description: 'Re-discovery period, ms (0: only on reload and announcements)' })),
          answer_timeout_ms: Type.Optional(Type.Number({ exclusiveMinimum: 0, default: 2000, description: 'How long a call to a federated toolbox waits for its answer, ms (below the 3 s a Python caller waits by default)' })),
        },
        { additionalProperties: false },
      ),
    ],
    { default: true, description: 'Serve toolboxes that live elsewhere on the messagebus' },
  ),
});

const KEYS = (FederationKeys.properties.federation.anyOf[1] as unknown as { properties: Record<string, { default: unknown }> }).properties;

/** The defaults of `federation`, read from {@link FederationKeys} (their one home): on, 300 ms, 60000 ms, 2000 ms. */
export const FEDERATION_DEFAULTS: Readonly<FederationSettings> = Object.freeze({
  enabled: KEYS.enabled!.default as boolean,
  discoverWindowMs: KEYS.discover_window_ms!.default as number,
  intervalMs: KEYS.interval_ms!.default as number,
  answerTimeoutMs: KEYS.answer_timeout_ms!.default as number,
});

/** The {@link FederationSettings} of keys read against {@link FederationKeys} (defaults: {@link FEDERATION_DEFAULTS}). */
export function federationSettings(k: Static<typeof FederationKeys>): FederationSettings {
  const out = FEDERATION_DEFAULTS;
  const f = k.federation;
  if (typeof f === 'boolean') return { ...out, enabled: f };
  return {
    enabled: f.enabled ?? out.enabled,
    discoverWindowMs: f.discover_window_ms ?? out.discoverWindowMs,
    intervalMs: f.interval_ms ?? out.intervalMs,
    answerTimeoutMs: f.answer_timeout_ms ?? out.answerTimeoutMs,
  };
}

/** How a reload applies the {@link FederationSettings}: its timing live; switching it on or off only at start. */
export const federationReload: ReloadRule<FederationSettings> = {
  restartOnly: [
    {
      key: 'federation',
      why: 'federation is switched on or off at start (its timing applies at once)',
      changed: (running, next) => running.enabled !== next.enabled,
      keep: (running, next) => ({ ...next, enabled: running.enabled }),
    },
  ],
};
