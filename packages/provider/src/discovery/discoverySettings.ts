import { Type, type Static } from '@ovos-tools/core';
import type { ReloadRule } from '../service/ReloadRule.js';

/** Discovery's keys of the provider config (snake_case on disk). */
export const DiscoveryKeys = Type.Object({
  plugin_roots: Type.Optional(Type.Array(Type.String(), { description: 'Directories whose node_modules are scanned' })),
  allowed_packages: Type.Optional(Type.Array(Type.String(), { description: 'Package names that may load' })),
  disabled_toolboxes: Type.Array(Type.String(), { default: [], description: 'Entry-point names never loaded' }),
});

/** Where toolboxes are found and which may load (discovery's part of the provider config). */
export interface DiscoverySettings {
  /** `plugin_roots`: directories whose node_modules are scanned; default working directory + per-user dir. */
  pluginRoots: string[] | undefined;
  /**
   * `allowed_packages`: package names that may load (e.g. `["@ovos-tools/toolbox-clock"]`); every other
   * installed toolbox package is reported and skipped. `undefined` (key absent): every package npm/pnpm installed.
   */
  allowedPackages: string[] | undefined;
  /** `disabled_toolboxes`: entry-point names never loaded. */
  disabledToolboxes: string[];
}

/** The {@link DiscoverySettings} of keys read against {@link DiscoveryKeys}. */
export function discoverySettings(k: Static<typeof DiscoveryKeys>): DiscoverySettings {
  return { pluginRoots: k.plugin_roots, allowedPackages: k.allowed_packages, disabledToolboxes: k.disabled_toolboxes };
}

/** How a reload applies the {@link DiscoverySettings}: live, but `plugin_roots` (and what --watch watches) only at start. */
export const discoveryReload: ReloadRule<DiscoverySettings> = {
  restartOnly: [
    {
      key: 'plugin_roots',
      why: 'the plugin roots (and what --watch watches) are fixed at start',
      changed: (running, next) => JSON.stringify(running.pluginRoots) !== JSON.stringify(next.pluginRoots),
      keep: (running, next) => ({ ...next, pluginRoots: running.pluginRoots }),
    },
  ],
};
