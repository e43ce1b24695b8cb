import os from 'node:os';
import path from 'node:path';
import { userPluginRoot } from '../config/ProviderConfig.js';

/**
 * What no toolbox may write: the plugin roots (what they hold is loaded as code), the per-user plugin and
 * skills folders, the OVOS and ovos-tools config folders, and the config files the provider read.
 */
export function protectedPaths(pluginRoots: readonly string[], configPaths: readonly string[]): string[] {
  const home = os.homedir();
  const config = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const data = process.env.XDG_DATA_HOME || path.join(home, '.local', 'share');
  return [
    ...new Set([
      ...pluginRoots.map((p) => path.resolve(p)),
      userPluginRoot(),
      path.join(data, 'ovos-tools', 'skills'),
      path.join(config, 'mycroft'),
      path.join(config, 'ovos-tools'),
      '/etc/mycroft',
      ...configPaths.map((p) => path.resolve(p)),
    ]),
  ];
}
