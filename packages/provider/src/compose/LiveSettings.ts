import type { Logger } from '@ovos-tools/core';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import { reloadSettings } from '../config/reloadSettings.js';
import type { LoadProblem } from '../service/ToolboxStatus.js';

/** Called with the settings a reload made current, and the ones they replace. */
export type SettingsListener = (next: ProviderSettings, previous: ProviderSettings) => void;

/**
 * The provider's running settings: those it started with, then what each reload read again and merged by the parts'
 * reload rules (`reloadSettings`). What was wired to a part subscribes with {@link LiveSettings.onChange} and applies
 * the new part itself, so no list of live parts is kept here.
 */
export class LiveSettings {
  #current: ProviderSettings;
  private readonly listeners: SettingsListener[] = [];

  /**
   * @param read - reads and checks the config again (each reload after the first calls it); without it, reloads keep
   *   the settings the provider started with.
   * @param label - what the config is, for problems and logs (e.g. the `--config` path).
   */
  constructor(
    initial: ProviderSettings,
    private readonly read: (() => ProviderSettings) | undefined,
    private readonly label: string,
    private readonly logger: Logger,
  ) {
    this.#current = initial;
  }

  /** The settings running now. */
  get current(): ProviderSettings {
    return this.#current;
  }

  /** Calls `listener` after each reload that made new settings current (in the order they subscribed). */
  onChange(listener: SettingsListener): void {
    this.listeners.push(listener);
  }

  /**
   * Reads the config again and makes the merged settings current, telling every listener. Answers the reload's
   * problems: a config that could not be read or is invalid (the running one is kept, and says why), and restart-only
   * keys that changed (each named with why it waits). Never throws.
   */
  reread(): LoadProblem[] {
    if (!this.read) return [];
    const read = reloadSettings(this.read, this.#current);
    if (!read.ok) {
      const error = `config not reloaded, the running config is kept: ${read.error}`;
      this.logger.error(`${this.label}: ${error}`);
      return [{ entryPoint: 'config', packageName: this.label, error }];
    }
    const previous = this.#current;
    this.#current = read.settings;
    for (const listener of this.listeners) listener(read.settings, previous);
    return read.needsRestart.map(({ key, why }) => {
      const error = `config key '${key}' changed but takes effect only after a restart (${why}); the running value is kept`;
      this.logger.warn(`${this.label}: ${error}`);
      return { entryPoint: 'config', packageName: this.label, error };
    });
  }
}
