import { nearestKey } from '@ovos-tools/core/node';
import type { ConfigIssue } from './ConfigIssue.js';
import { PROVIDER_KEYS } from './ProviderConfigSchema.js';

/** What {@link topLevelKeys} found among the keys that are not the provider's own. */
export interface TopLevelKeys {
  /** Toolbox sections by entry-point name: an object under a key that is no provider key and not close to one. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** Keys that are neither: a misspelt provider key, or a non-object under a key that is no provider key. */
  problems: ConfigIssue[];
}

const LOG_LEVEL = 'is not a config key: set the log level with --log-level <debug|info|warn|error|silent> or set OVOS_TOOLS_LOG_LEVEL=<level>';

/**
 * Settings people put in the config file that are set elsewhere, with what to use instead (issue 43): the key is
 * refused all the same (a config file that says one thing while another applies misleads).
 */
export const SET_ELSEWHERE: Readonly<Record<string, string>> = {
  log_level: LOG_LEVEL,
  loglevel: LOG_LEVEL,
  bus_url: 'is not a config key: set the messagebus address with --bus-url ws://host:8181/core or set OVOS_TOOLS_BUS_URL (default: the websocket section of mycroft.conf)',
};

/**
 * Tells toolbox sections from misspelt provider keys at the top of the file. A key that is not the provider's is a
 * toolbox section (named after the toolbox's entry point, as OVOS does) when its value is an object and it is not
 * within two edits of a provider key (`tool_timeout` is `tool_timeouts` misspelt, not a toolbox; entry-point names
 * such as `ovos-clock-tools` are far from every provider key). Anything else is an error naming the nearest key,
 * or (for a setting made elsewhere, {@link SET_ELSEWHERE}) what to use instead.
 * Whether an installed toolbox has that name is known only after discovery (see `unmatchedNames`).
 */
export function topLevelKeys(section: Readonly<Record<string, unknown>>): TopLevelKeys {
  const toolboxConfigs: Record<string, Record<string, unknown>> = {};
  const problems: ConfigIssue[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (PROVIDER_KEYS.includes(key)) continue;
    const elsewhere = Object.hasOwn(SET_ELSEWHERE, key.toLowerCase()) ? SET_ELSEWHERE[key.toLowerCase()] : undefined;
    if (elsewhere) {
      problems.push({ path: key, keyword: 'setElsewhere', message: elsewhere, suggestion: elsewhere.slice(elsewhere.indexOf(' with ') + 6) });
      continue;
    }
    const isSection = value !== null && typeof value === 'object' && !Array.isArray(value);
    const near = nearestKey(key, PROVIDER_KEYS, isSection ? 2 : undefined);
    if (isSection && near === undefined) toolboxConfigs[key] = value as Record<string, unknown>;
    else if (near !== undefined) problems.push({ path: key, keyword: 'unknownKey', message: `unknown key; did you mean '${near}'?`, suggestion: near });
    else problems.push({ path: key, keyword: 'unknownKey', message: `unknown key: not a provider key, and a toolbox's section (named after its entry point) is an object` });
  }
  return { toolboxConfigs, problems };
}
