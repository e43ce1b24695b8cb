import { loadProviderConfig } from './loadProviderConfig.js';
import { installedToolboxNames } from './installedToolboxNames.js';
import { misspeltNames } from './misspeltNames.js';
import { defaultPluginRoots, parseProviderConfig, type ProviderSettings } from './ProviderConfig.js';
import { ProviderConfigError } from './ProviderConfigError.js';

/** Where the CLI's provider reads its config, now and on every reload (the `ToolsProvider` options of that part). */
export interface ProviderConfigSource {
  /** The settings read now. */
  settings: ProviderSettings;
  /** Reads and checks the config again (each reload calls it). @throws `ProviderConfigError` for a bad config. */
  readSettings: () => ProviderSettings;
  /** What the config is, for problems and logs: the `--config` path, else `mycroft.conf`. */
  configLabel: string;
  /** The config files the provider read (no toolbox may write them). */
  configPaths: string[];
}

/**
 * The config of `ovos-tools serve` and `ovos-tools mcp`: `--config FILE` (the section itself, or a whole
 * mycroft.conf), else the mycroft.conf sections, read now and again on every reload with the same checks: the
 * schema's, then the security-relevant names against what the plugin roots hold (see `misspeltNames`: a
 * `disabled_toolboxes` entry that is an installed name misspelt refuses the config).
 * @param pluginRoots - the roots given on the command line (`--plugins`); default the config's `plugin_roots`, else
 *   the default roots.
 * @throws `ProviderConfigError` when the config cannot be read or is invalid now (the CLI exits 2).
 */
export function providerConfigSource(file: string | undefined, pluginRoots?: readonly string[]): ProviderConfigSource {
  const readSettings = () => checkedSettings(loadProviderConfig(file), pluginRoots);
  return { settings: readSettings(), readSettings, configLabel: file ?? 'mycroft.conf', configPaths: file ? [file] : [] };
}

/**
 * {@link parseProviderConfig}, then the security-relevant names checked against the toolboxes installed in the
 * plugin roots (`pluginRoots`, else the config's `plugin_roots`, else the default roots) and `extraNames`.
 * @throws `ProviderConfigError` listing every problem.
 */
export function checkedSettings(raw: unknown, pluginRoots?: readonly string[], extraNames: readonly string[] = []): ProviderSettings {
  const settings = parseProviderConfig(raw);
  const roots = pluginRoots ?? settings.discovery.pluginRoots ?? defaultPluginRoots();
  const typos = misspeltNames(settings, [...new Set([...installedToolboxNames(roots), ...extraNames])]);
  if (typos.length) throw new ProviderConfigError(typos);
  return settings;
}
