import { nearestKey, type ConfigProblem } from '@ovos-tools/core/node';
import { PROVIDER_KEYS } from './ProviderConfigSchema.js';

/** What {@link topLevelKeys} found among the keys that are not the provider's own. */
export interface TopLevelKeys {
  /** Toolbox sections by entry-point name: an object under a key that is no provider key and not close to one. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** Keys that are neither: a misspelt provider key, or a non-object under a key that is no provider key. */
  problems: ConfigProblem[];
}

/**
 * Tells toolbox sections from misspelt provider keys at the top of the file. A key that is not the provider's is a
 * toolbox section (named after the toolbox's entry point, as OVOS does) when its value is an object and it is not
 * within two edits of a provider key (`tool_timeout` is `tool_timeouts` misspelt, not a toolbox; entry-point names
 * such as `ovos-clock-tools` are far from every provider key). Anything else is an error naming the nearest key.
 * Whether an installed toolbox has that name is known only after discovery (see `unmatchedNames`).
 */
export function topLevelKeys(section: Readonly<Record<string, unknown>>): TopLevelKeys {
  const toolboxConfigs: Record<string, Record<string, unknown>> = {};
  const problems: ConfigProblem[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (PROVIDER_KEYS.includes(key)) continue;
    const isSection = value !== null && typeof value === 'object' && !Array.isArray(value);
    const near = nearestKey(key, PROVIDER_KEYS, isSection ? 2 : undefined);
    if (isSection && near === undefined) toolboxConfigs[key] = value as Record<string, unknown>;
    else if (near !== undefined) problems.push({ key, message: `unknown key; did you mean '${near}'?` });
    else problems.push({ key, message: `unknown key: not a provider key, and a toolbox's section (named after its entry point) is an object` });
  }
  return { toolboxConfigs, problems };
}
