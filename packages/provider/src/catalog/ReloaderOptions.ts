import type { ChatEngine, HostSource, Logger, LogLevel } from '@ovos-tools/core';
import type { DiscoverySettings } from '../discovery/discoverySettings.js';
import type { HostDefaults } from '../hosts/hostSettings.js';
import type { RegistrySettings } from '../registry/registrySettings.js';
import type { ServedToolbox, UtterancePackage } from '../search/packageUtterances.js';
import type { ToolboxOrigin } from '../service/ToolboxStatus.js';
import type { CatalogHolder } from './CatalogHolder.js';
import type { LoadedNames } from './LoadedNames.js';

/**
 * A core {@link HostSource} the provider itself brings (not declared by a package), e.g. the federation of
 * toolboxes elsewhere on the bus: called on every reload, beside the start of package hosts, with its previous hosts
 * and its config section. Hosts whose toolbox id is served locally are dropped (and closed) by the reloader.
 */
export interface BuiltInHostSource {
  /** The source's name: its `loaded` entry, the key of its config section, used in problems and logs. */
  name: string;
  /** Where its toolboxes rank when ids or tool names collide. */
  origin: ToolboxOrigin;
  /** The source. */
  source: HostSource;
}

/** What the {@link Reloader} needs. */
export interface ReloaderOptions {
  /** Which packages may load. */
  discovery: DiscoverySettings;
  /** Who wins an id or name (`pinned_toolboxes`). */
  registry: RegistrySettings;
  /** How toolboxes are hosted. */
  hosts: HostDefaults;
  /** Toolbox config sections by entry-point name. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** Plugin roots scanned on every reload. */
  pluginRoots: readonly string[];
  /** Paths no toolbox may read or write. */
  protectedPaths: readonly string[];
  /** The chat engine lent to toolboxes; `null` when none. */
  brain: ChatEngine | null;
  /** Where reload progress and problems are logged. */
  logger: Logger;
  /** The lowest level toolbox hosts forward. */
  logLevel: LogLevel;
  /** Host sources the provider brings itself (e.g. toolboxes elsewhere on the bus); called on every reload. */
  builtInSources?: readonly BuiltInHostSource[];
  /** Called with the toolbox id each time a worker or process host restarts its runtime (metrics). */
  onHostRestart?: (toolboxId: string) => void;
  /** Called after each reload's swap with the names it found installed and serving (to check the config's names). */
  onLoaded?: (names: LoadedNames) => void;
  /**
   * Tool search's example requests (`PackageUtterances`): `prepare` gets discovery's packages as a reload starts
   * (read off the provider's thread while hosts start; awaited before the swap, never rejects), `settle` the
   * toolboxes of the next generation right before it swaps in.
   */
  utterances?: { prepare(packages: readonly UtterancePackage[]): Promise<void>; settle(toolboxes: readonly ServedToolbox[]): void };
  /** Where every generation goes live (after a reload, or after a host's tools changed); the service reads it. */
  holder: CatalogHolder;
}
