import { nearestKey } from '@ovos-tools/core/node';
import type { ConfigIssue } from './ConfigIssue.js';
import type { ProviderSettings } from './ProviderConfig.js';

/** Whether a rule or name is a pattern (then it is meant to match many, and is not checked). */
const GLOB = /[*?]/;

/**
 * A bare rule that reads like an entry-point name (`ovos-shel-tools`: no prefix, a dash, 8 characters or more):
 * only those are compared with toolbox names, so a short tool name near a short toolbox name is never refused.
 */
const LIKE_ENTRY_POINT = /^(?=[^:]{8,}$)[^:]*-[^:]*$/;

/**
 * The security-relevant names of a config that name nothing installed but are within two edits of an installed
 * name (issue 43): such a typo silently does the opposite of what the operator meant, so it is refused, not warned:
 * - a `disabled_toolboxes` entry (`ovos-shel-tools`: the shell toolbox the operator meant to disable would load);
 * - an `agents.<id>.tools`, `agents.<id>.confirm`, `confirmation.tools` or `confirmation.voice_tools` rule
 *   `toolbox:<name>`, or a bare rule close to a toolbox's name
 *   that reads like an entry-point name (an allowlist or a confirmation list that silently covers nothing).
 * One issue each (keyword `misspeltName`), naming the nearest installed name as the suggestion. Globs, and names
 * far from every installed one (an uninstalled toolbox, a tool name), are left to the load's warnings (`unmatchedNames`).
 * @param installed - the entry-point names installed (see `installedToolboxNames`).
 * @param toolNames - tool names known to be served, if any (a bare rule naming one is never a typo).
 */
export function misspeltNames(settings: ProviderSettings, installed: readonly string[], toolNames: readonly string[] = []): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  const check = (path: string, name: string, write: (near: string) => string) => {
    if (GLOB.test(name) || installed.includes(name) || toolNames.includes(name)) return;
    const near = nearestKey(name, installed, 2);
    if (near === undefined) return;
    const meant = write(near);
    out.push({ path, keyword: 'misspeltName', message: `names ${JSON.stringify(name)}, which nothing installed has; refused, as it is within two edits of the installed ${JSON.stringify(near)}: write ${JSON.stringify(meant)}`, suggestion: meant });
  };
  settings.discovery.disabledToolboxes.forEach((name, i) => check(`disabled_toolboxes[${i}]`, name, (near) => near));
  const lists: [string, readonly { text: string }[] | undefined][] = [
    ...settings.access.agents.flatMap((a): [string, readonly { text: string }[] | undefined][] => [[`agents.${a.id}.tools`, a.tools], [`agents.${a.id}.confirm`, a.confirm]]),
    ['confirmation.tools', settings.confirm.tools],
    ['confirmation.voice_tools', settings.confirm.voiceTools],
  ];
  for (const [key, rules] of lists) {
    (rules ?? []).forEach(({ text }, i) => {
      if (text.startsWith('toolbox:')) check(`${key}[${i}]`, text.slice(8), (near) => `toolbox:${near}`);
      else if (LIKE_ENTRY_POINT.test(text)) check(`${key}[${i}]`, text, (near) => `toolbox:${near}`);
    });
  }
  return out;
}
