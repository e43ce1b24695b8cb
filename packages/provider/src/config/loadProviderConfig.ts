import { readFileSync } from 'node:fs';
import { defaultMycroftConfPaths } from '@ovos-tools/messagebus';
import { hostileShape } from './hostileShape.js';
import { ProviderConfigError } from './ProviderConfigError.js';

/** The plugin name OVOS uses for the tools service: its config lives at `PHAL` → this key. */
export const PHAL_PLUGIN_NAME = 'ovos-phal-plugin-tools';

/**
 * Reads the provider's raw config section.
 * - With `file`: a JSON file that is either the section itself or a whole mycroft.conf (then its
 *   `PHAL.ovos-phal-plugin-tools` section is used).
 * - Without: the `PHAL.ovos-phal-plugin-tools` sections of the OVOS mycroft.conf files (system, then user),
 *   merged key by key, later files winning; missing files are skipped.
 * Whole-line `//` comments are ignored. A section holding a `__proto__`, `constructor` or `prototype` key, or nested
 * deeper than the config depth limit, is refused before it is merged or walked (see `hostileShape`).
 * @throws {@link ProviderConfigError} when `file` cannot be read, a file is not a JSON object, or a section is hostile.
 */
export function loadProviderConfig(file?: string, paths: readonly string[] = defaultMycroftConfPaths()): Record<string, unknown> {
  if (file) {
    const parsed = readJsonObject(file, true)!;
    return checked(sectionOf(parsed) ?? parsed, file);
  }
  const merged: Record<string, unknown> = {};
  for (const path of paths) {
    const parsed = readJsonObject(path, false);
    const section = parsed && sectionOf(parsed);
    if (section) Object.assign(merged, checked(section, path));
  }
  return merged;
}

/** The section, unless it holds prototype keys or nests too deep (then every such place, naming the file). */
function checked(section: Record<string, unknown>, file: string): Record<string, unknown> {
  const hostile = hostileShape(section);
  if (hostile.length) throw new ProviderConfigError(hostile.map((i) => ({ ...i, message: `${i.message} (in ${file})` })));
  return section;
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
