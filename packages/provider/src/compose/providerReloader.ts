import { parseLogLevel, type ChatEngine, type Logger, type LogLevel } from '@ovos-tools/core';
import type { CatalogHolder } from '../catalog/CatalogHolder.js';
import { Reloader } from '../catalog/Reloader.js';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import { unmatchedNames } from '../config/unmatchedNames.js';
import type { BusFederation } from '../federation/BusFederation.js';
import type { PackageUtterances } from '../search/packageUtterances.js';
import type { LiveSettings } from './LiveSettings.js';
import { protectedPaths } from './protectedPaths.js';
import type { ToolsProviderOptions } from './ToolsProviderOptions.js';

/** What the provider has built already that its reloader uses. */
export interface ProviderReloaderParts {
  /** The plugin roots scanned on every reload. */
  pluginRoots: readonly string[];
  /** The chat engine lent to toolboxes. */
  brain: ChatEngine | null;
  /** Where reloads log. */
  logger: Logger;
  /** Where generations go live. */
  catalog: CatalogHolder;
  /** The running settings (the reloader follows their reloads). */
  live: LiveSettings;
  /** The federation of toolboxes elsewhere on the bus, a host source of every reload, when on. */
  federation: BusFederation | undefined;
  /** The toolbox packages' example requests, read at each reload (issue 42). */
  utterances: PackageUtterances;
}

/**
 * The provider's {@link Reloader}: the plugin roots (and the federation, as the `messagebus` source) with the
 * settings' discovery, registry, host and toolbox sections, following every config reload; after each load it warns
 * of config names that match nothing installed (`unmatchedNames`).
 */
export function providerReloader(settings: ProviderSettings, options: ToolsProviderOptions, parts: ProviderReloaderParts): Reloader {
  const { federation, live, logger } = parts;
  const reloader = new Reloader({
    utterances: parts.utterances,
    ...(federation ? { builtInSources: [{ name: 'messagebus', origin: 'remote' as const, source: federation }] } : {}),
    discovery: settings.discovery,
    registry: settings.registry,
    hosts: settings.hosts,
    toolboxConfigs: settings.toolboxConfigs,
    pluginRoots: parts.pluginRoots,
    protectedPaths: protectedPaths(parts.pluginRoots, options.configPaths ?? []),
    brain: parts.brain,
    logger,
    logLevel: options.logLevel ?? envLevel(),
    holder: parts.catalog,
    ...(options.metrics ? { onHostRestart: (toolboxId: string) => options.metrics!.toolboxRestarted(toolboxId) } : {}),
    onLoaded: (names) => {
      for (const warning of unmatchedNames(live.current, names)) logger.warn(warning);
    },
  });
  live.onChange((next) => reloader.configure({ discovery: next.discovery, registry: next.registry, hosts: next.hosts, toolboxConfigs: next.toolboxConfigs }));
  return reloader;
}

function envLevel(): LogLevel {
  const read = parseLogLevel(process.env.OVOS_TOOLS_LOG_LEVEL ?? 'info');
  return read.ok ? read.level : 'info';
}
