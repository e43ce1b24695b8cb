import { readFileSync } from 'node:fs';
import { defaultMycroftConfPaths } from '@ovos-tools/messagebus';
import { ProviderConfigError } from './ProviderConfig.js';

/** The plugin name OVOS uses for the tools service: its config lives at `PHAL` → this key. */
export const PHAL_PLUGIN_NAME = 'ovos-phal-plugin-tools';

/**
 * Reads the provider's raw config section.
 * - With `file`: a JSON file that is either the section itself or a whole mycroft.conf (then its
 *   `PHAL.ovos-phal-plugin-tools` section is used).
 * - Without: the `PHAL.ovos-phal-plugin-tools` sections of the OVOS mycroft.conf files (system, then user),
 *   merged key by key, later files winning; missing files are skipped.
 * Whole-line `//` comments are ignored.
 * @throws {@link ProviderConfigError} when `file` cannot be read or a file is not a JSON object.
 */
export function loadProviderConfig(file?: string, paths: readonly string[] = defaultMycroftConfPaths()): Record<string, unknown> {
  if (file) {
    const parsed = readJsonObject(file, true)!;
    const phal = sectionOf(parsed);
    return phal ?? parsed;
  }
  const merged: Record<string, unknown> = {};
  for (const path of paths) {
    const parsed = readJsonObject(path, false);
    const section = parsed && sectionOf(parsed);
    if (section) Object.assign(merged, section);
  }
  return merged;
}

function sectionOf(conf: Record<string, unknown>): Record<string, unknown> | undefined {
  const phal = conf.PHAL;
  if (!phal || typeof phal !== 'object') return undefined;
  const section = (phal as Record<string, unknown>)[PHAL_PLUGIN_NAME];
  return section && typeof section === 'object' && !Array.isArray(section) ? (section as Record<string, unknown>) : undefined;
}

function readJsonObject(path: string, required: boolean): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (!required) return undefined;
    throw new ProviderConfigError([`cannot read config file ${path}: ${(err as Error).message}`]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  } catch (err) {
    throw new ProviderConfigError([`${path} is not valid JSON: ${(err as Error).message}`]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ProviderConfigError([`${path}: the top level must be a JSON object`]);
  return parsed as Record<string, unknown>;
}
