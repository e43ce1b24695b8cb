import { loadProviderConfig } from './loadProviderConfig.js';
import { parseProviderConfig, type ProviderSettings } from './ProviderConfig.js';

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
 * mycroft.conf), else the mycroft.conf sections, read now and again on every reload with the same checks.
 * @throws `ProviderConfigError` when the config cannot be read or is invalid now (the CLI exits 2).
 */
export function providerConfigSource(file: string | undefined): ProviderConfigSource {
  const readSettings = () => parseProviderConfig(loadProviderConfig(file));
  return { settings: readSettings(), readSettings, configLabel: file ?? 'mycroft.conf', configPaths: file ? [file] : [] };
}
