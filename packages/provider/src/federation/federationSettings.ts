import { Type, type Static } from '@ovos-tools/core';

/** Settings of `BusFederation` (`federation` in the provider config). */
export interface FederationSettings {
  /** Off: only local toolboxes are served. Default on. */
  enabled: boolean;
  /** How long a discovery collects `ovos.persona.tools.discover.response` frames, ms; default 300. */
  discoverWindowMs: number;
  /** Re-discovery period, ms; default 60000 (0: only on reload and on other providers' `ovos.tools.changed`). */
  intervalMs: number;
}

/** Federation's key of the provider config: `federation: false`, or `{enabled, discover_window_ms, interval_ms}`. */
export const FederationKeys = Type.Object({
  federation: Type.Union(
    [
      Type.Boolean(),
      Type.Object({
        enabled: Type.Optional(Type.Boolean()),
        discover_window_ms: Type.Optional(Type.Number({ minimum: 0, description: 'ms' })),
        interval_ms: Type.Optional(Type.Number({ minimum: 0, description: 'ms' })),
      }),
    ],
    { default: true, description: 'Serve toolboxes that live elsewhere on the messagebus' },
  ),
});

/** The {@link FederationSettings} of keys read against {@link FederationKeys} (defaults: on, 300 ms, 60000 ms). */
export function federationSettings(k: Static<typeof FederationKeys>): FederationSettings {
  const out: FederationSettings = { enabled: true, discoverWindowMs: 300, intervalMs: 60_000 };
  const f = k.federation;
  if (typeof f === 'boolean') return { ...out, enabled: f };
  return { enabled: f.enabled ?? out.enabled, discoverWindowMs: f.discover_window_ms ?? out.discoverWindowMs, intervalMs: f.interval_ms ?? out.intervalMs };
}
