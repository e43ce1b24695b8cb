import { accessReload } from '../access/accessSettings.js';
import { brainReload } from '../brain/brainSettings.js';
import { budgetReload } from '../budget/budgetSettings.js';
import { confirmReload } from '../confirm/confirmSettings.js';
import { discoveryReload } from '../discovery/discoverySettings.js';
import { federationReload } from '../federation/federationSettings.js';
import { hostsReload } from '../hosts/hostSettings.js';
import { policyReload } from '../policy/policySettings.js';
import { registryReload } from '../registry/registrySettings.js';
import { searchReload } from '../search/searchSettings.js';
import { stateReload } from '../state/stateSettings.js';
import { httpReload } from '../transports/http/HttpConfig.js';
import { mcpReload } from '../transports/mcp/mcpSettings.js';
import { busReload } from '../transports/ovos-bus/busSettings.js';
import type { ProviderSettings } from './ProviderConfig.js';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

/**
 * The reload rule of every part of the settings, each declared by its feature next to its settings. The type asks for
 * one rule per part, so a part added to {@link ProviderSettings} without one does not compile.
 */
const RULES: { readonly [K in keyof ProviderSettings]-?: ReloadRule<ProviderSettings[K]> } = {
  policy: policyReload,
  hosts: hostsReload,
  discovery: discoveryReload,
  registry: registryReload,
  search: searchReload,
  federation: federationReload,
  access: accessReload,
  budget: budgetReload,
  confirm: confirmReload,
  bus: busReload,
  mcp: mcpReload,
  http: httpReload,
  brain: brainReload,
  state: stateReload,
  toolboxConfigs: applyLive(), // handed to the toolboxes at the reload (a changed section restarts that toolbox's host)
};

/** A restart-only key a reload found changed, and why it waits. */
export interface NeedsRestart {
  /** The config key, e.g. `http`. */
  key: string;
  /** Why it waits for a restart. */
  why: string;
}

/** What {@link reloadSettings} found. */
export type Reread =
  | {
      /** The file read and parsed. */
      ok: true;
      /** The settings to run with now: the new ones, with the running value kept for every restart-only key. */
      settings: ProviderSettings;
      /** Restart-only keys whose value changed (kept as they run). */
      needsRestart: NeedsRestart[];
    }
  | {
      /** The file could not be read or is invalid: the running settings stay. */
      ok: false;
      /** Why, as the reader said it (every wrong key, or the file error). */
      error: string;
    };

/**
 * Reads the config again (a reload) with `read` — the same reader and checks as at start — and merges it with the
 * `running` settings by each part's {@link ReloadRule}: the new value of every part, but the running value of every
 * restart-only key (reported when it changed), and the running part object when its rule says it reads the same.
 * Never throws: a config that cannot be read or is invalid answers `{ok: false, error}`, and the provider keeps
 * running as it was.
 */
export function reloadSettings(read: () => ProviderSettings, running: ProviderSettings): Reread {
  let next: ProviderSettings;
  try {
    next = read();
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const needsRestart: NeedsRestart[] = [];
  const settings = { ...next } as Record<keyof ProviderSettings, unknown>;
  for (const part of Object.keys(RULES) as (keyof ProviderSettings)[]) {
    const rule = RULES[part] as ReloadRule<unknown>;
    let value: unknown = next[part];
    for (const r of rule.restartOnly ?? []) {
      const changed = r.changed ? r.changed(running[part], value) : JSON.stringify(running[part]) !== JSON.stringify(value);
      if (!changed) continue;
      needsRestart.push({ key: r.key, why: r.why });
      value = r.keep ? r.keep(running[part], value) : running[part];
    }
    if (rule.same?.(running[part], value)) value = running[part];
    settings[part] = value;
  }
  return { ok: true, settings: settings as unknown as ProviderSettings, needsRestart };
}
