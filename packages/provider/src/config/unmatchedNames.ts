import type { LoadedNames } from '../catalog/LoadedNames.js';
import type { ProviderSettings } from './ProviderConfig.js';
import { nearestKey } from '@ovos-tools/core/node';

/**
 * One warning per name in the config that matches nothing installed (they cannot be errors: what is installed
 * changes without the config), each naming the key, the name and the nearest installed name when one is close:
 * `config: toolbox_hosts names 'ovos-clok-tools', which no installed toolbox has (did you mean 'ovos-clock-tools'?)`.
 * Checked: toolbox sections, `disabled_toolboxes`, `pinned_toolboxes`, `toolbox_hosts` (entry points or toolbox ids),
 * `tool_timeouts` (tool names) and `allowed_packages` (package names).
 */
export function unmatchedNames(settings: ProviderSettings, loaded: LoadedNames): string[] {
  const toolboxes = [...new Set([...loaded.entryPoints, ...loaded.toolboxIds])];
  const out: string[] = [];
  const check = (key: string, names: Iterable<string>, known: readonly string[], what: string) => {
    for (const name of names) {
      if (known.includes(name)) continue;
      const near = nearestKey(name, known, 2);
      out.push(`config: ${key} names '${name}', which ${what}${near ? ` (did you mean '${near}'?)` : ''}`);
    }
  };
  check('a toolbox section', Object.keys(settings.toolboxConfigs), toolboxes, 'no installed toolbox has (toolbox sections are named after entry points)');
  check('disabled_toolboxes', settings.discovery.disabledToolboxes, toolboxes, 'no installed toolbox has');
  check('pinned_toolboxes', settings.registry.pinnedToolboxes, toolboxes, 'no installed toolbox has');
  check('toolbox_hosts', Object.keys(settings.hosts.toolboxHosts), toolboxes, 'no installed toolbox has');
  check('tool_timeouts', Object.keys(settings.policy.toolTimeouts), [...loaded.toolNames], 'no tool served has');
  check('allowed_packages', settings.discovery.allowedPackages ?? [], [...loaded.packages], 'is not installed in any plugin root');
  return out;
}
