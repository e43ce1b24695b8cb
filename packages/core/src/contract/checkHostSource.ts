import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, type HostSource } from '../host/ToolboxHost.js';
import { typeName } from '../node/entryPoints.js';

/** The host source, or a message saying exactly what is wrong. */
export type HostSourceCheck =
  | {
      /** The value is a usable host source. */
      ok: true;
      /** The host source. */
      source: HostSource;
    }
  | {
      /** It is not. */
      ok: false;
      /** What is wrong and how to fix it, one sentence (e.g. `createHosts: expected a function, received undefined`). */
      message: string;
    };

/**
 * Checks that `value` (a package's export declared under the `ovos-tools.hosts` entry-point group) is a host source of
 * this core's contract, as the provider does at load: an object carrying `Symbol.for('ovos-tools.host-source')` equal
 * to {@link HOST_SOURCE_CONTRACT_VERSION}, with a `createHosts` function. Nothing here uses `instanceof`, so sources
 * built on any copy of `@ovos-tools/core` with the same contract version fit. Never throws.
 * @returns `{ok: true, source}`, or `{ok: false, message}` (e.g. an incompatible contract version).
 */
export function checkHostSource(value: unknown): HostSourceCheck {
  if (value === null || typeof value !== 'object') return { ok: false, message: `expected a host source object, received ${typeName(value)}` };
  const brand = (value as Record<symbol, unknown>)[HOST_SOURCE_BRAND];
  if (brand !== HOST_SOURCE_CONTRACT_VERSION) {
    return {
      ok: false,
      message:
        brand === undefined
          ? 'the export is not a host source (no Symbol.for("ovos-tools.host-source") brand)'
          : `targets host-source contract ${String(brand)}, this provider supports ${HOST_SOURCE_CONTRACT_VERSION}`,
    };
  }
  const createHosts = (value as Partial<HostSource>).createHosts;
  if (typeof createHosts !== 'function') return { ok: false, message: `createHosts: expected a function, received ${typeName(createHosts)}` };
  return { ok: true, source: value as HostSource };
}
