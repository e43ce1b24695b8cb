import os from 'node:os';
import path from 'node:path';
import { configProblem, unknownKeys } from '@ovos-tools/core/node';
import { accessSettings, type AccessSettings } from '../access/accessSettings.js';
import { brainSettings, type BrainConfig } from '../brain/brainSettings.js';
import { budgetSettings, type BudgetSettings } from '../budget/budgetSettings.js';
import { confirmSettings, type ConfirmSettings } from '../confirm/confirmSettings.js';
import { discoverySettings, type DiscoverySettings } from '../discovery/discoverySettings.js';
import { federationSettings, type FederationSettings } from '../federation/federationSettings.js';
import { hostDefaults, type HostDefaults } from '../hosts/hostSettings.js';
import { policySettings, type PolicySettings } from '../policy/policySettings.js';
import { registrySettings, type RegistrySettings } from '../registry/registrySettings.js';
import { searchSettings, type SearchSettings } from '../search/searchSettings.js';
import { stateSettings, type StateSettings } from '../state/stateSettings.js';
import { httpSettings, type HttpConfig } from '../transports/http/HttpConfig.js';
import { mcpSettings, type McpSettings } from '../transports/mcp/mcpSettings.js';
import { busSettings, type BusSettings } from '../transports/ovos-bus/busSettings.js';
import { CROSS_FIELD_RULES } from './crossFieldRules.js';
import { PROVIDER_KEYS, ProviderConfigSchema, type ProviderConfigFile } from './ProviderConfigSchema.js';
import { readProviderKeys } from './readProviderKeys.js';
import { topLevelKeys } from './topLevelKeys.js';
import type { ConfigIssue } from './ConfigIssue.js';
import { fromProblem, onePerMistake } from './configIssues.js';
import { hostileShape } from './hostileShape.js';
import { ProviderConfigError } from './ProviderConfigError.js';

/**
 * The provider's settings, parsed from its config section (the `PHAL` → `ovos-phal-plugin-tools` section of
 * mycroft.conf, or `--config FILE`). Keys are flat and snake_case on disk; each feature owns its keys' schema and
 * parser and receives only its own part here. Every other key whose value is an object is a toolbox's own config,
 * keyed by entry-point name (as OVOS does).
 */
export interface ProviderSettings {
  /** Time limits and concurrency of every invocation (`default_timeout_ms`, `tool_timeouts`, `max_concurrency`, …). */
  policy: PolicySettings;
  /** How toolboxes are hosted (`isolation`, `memory_limit_mb`, `toolbox_hosts`, …). */
  hosts: HostDefaults;
  /** Where toolboxes are found and which may load (`plugin_roots`, `allowed_packages`, `disabled_toolboxes`). */
  discovery: DiscoverySettings;
  /** Who wins a tool name several toolboxes serve (`duplicate_tool_names`, `pinned_toolboxes`). */
  registry: RegistrySettings;
  /** Which toolbox packages' example requests tool search trusts (`search_trusted_toolboxes`). */
  search: SearchSettings;
  /** Toolboxes elsewhere on the messagebus (`federation`). */
  federation: FederationSettings;
  /** Who may do what (`agents`, `bus_requires_agent`, `bus_reload`). */
  access: AccessSettings;
  /** Output budgets and where cut results wait to be paged (`max_output_chars`, `result_store`). */
  budget: BudgetSettings;
  /** Which calls need the user's confirmation, and how confirm tokens are made (`confirmation`). */
  confirm: ConfirmSettings;
  /** The OVOS bus transport (`bus_agent_field`). */
  bus: BusSettings;
  /** MCP (`mcp.agent` of `ovos-tools mcp`, `mcp.search_tool` of every MCP server). */
  mcp: McpSettings;
  /** `http`: the HTTP API (`{listen, secret, secret_env, max_body_bytes, log_arguments}`); off when absent. */
  http: HttpConfig | undefined;
  /** `brain`: `{base_url, model, api_key, timeout_ms}`; env `OPENAI_BASE_URL`/`OPENAI_MODEL`/`OPENAI_API_KEY` fill gaps. */
  brain: BrainConfig | undefined;
  /** `state`: what replicas share (`{redis, key_prefix?, command_timeout_ms?}`); absent: everything is per process. */
  state: StateSettings | undefined;
  /** Toolbox config sections by entry-point name. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
}

/**
 * Parses a raw config section into {@link ProviderSettings} with defaults, against `ProviderConfigSchema`, its one
 * parser: prototype keys and nesting past the depth limit first (see `hostileShape`: nothing else walks such a
 * value), unknown keys at every level (each named with the nearest known key), toolbox sections told from misspelt
 * keys (see `topLevelKeys`), every key's value against its schema (`readProviderKeys`), each feature's settings
 * decoded from what the schema read (`listen` to host and port, seconds to ms, `{"env"}` credentials and secrets
 * read from `env`), then the rules across keys (`CROSS_FIELD_RULES`). Every mistake is reported once (see `onePerMistake`).
 * @param env - where variables named by the config are read (`secret_env`, `redis_env`, `{"env"}` credentials).
 * @throws {@link ProviderConfigError} listing every problem (as data in `issues`, one line each in `problems`:
 *   `provider config '<key>': <what was expected>, received <value>` or `provider config '<key>': unknown key; did you mean '<key>'?`).
 */
export function parseProviderConfig(raw: unknown, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const cfg = raw == null ? {} : raw;
  if (typeof cfg !== 'object' || Array.isArray(cfg)) throw new ProviderConfigError([fromProblem(configProblem('(section)', 'must be a JSON object', cfg), 'type')]);
  const hostile = hostileShape(cfg);
  if (hostile.length) throw new ProviderConfigError(hostile);
  const c = cfg as Record<string, unknown>;
  const top = topLevelKeys(c);
  const nested = PROVIDER_KEYS.flatMap((key) => (key in c ? unknownKeys((ProviderConfigSchema.properties as Record<string, object>)[key]!, c[key], key) : []));
  const { config: k, problems: read } = readProviderKeys(c);
  const issues: ConfigIssue[] = [...top.problems, ...nested.map((p) => fromProblem(p, 'unknownKey')), ...read];
  const { settings, problems: decoded } = decodeSettings(k, top.toolboxConfigs, env);
  issues.push(...CROSS_FIELD_RULES.flatMap((rule) => rule(k, settings.access.agents)), ...decoded);
  const once = onePerMistake(issues);
  if (once.length) throw new ProviderConfigError(once);
  return settings;
}

/**
 * The decode step: each feature's settings from its keys as the schema read them (conversions, defaults, what the
 * environment holds), and the problems only the environment shows (an unset variable, a weak secret).
 */
function decodeSettings(k: ProviderConfigFile, toolboxConfigs: ProviderSettings['toolboxConfigs'], env: NodeJS.ProcessEnv): { settings: ProviderSettings; problems: ConfigIssue[] } {
  const access = accessSettings(k, env);
  const state = stateSettings(k.state, env);
  const confirm = confirmSettings(k, env);
  const settings: ProviderSettings = {
    policy: policySettings(k),
    hosts: hostDefaults(k),
    discovery: discoverySettings(k),
    registry: registrySettings(k),
    search: searchSettings(k),
    federation: federationSettings(k),
    access: access.settings,
    budget: budgetSettings(k),
    confirm: confirm.settings,
    bus: busSettings(k),
    mcp: mcpSettings(k),
    http: httpSettings(k.http, env),
    brain: brainSettings(k),
    state: state.settings,
    toolboxConfigs,
  };
  return { settings, problems: [...access.problems, ...state.problems, ...confirm.problems] };
}

/**
 * The per-user plugin root: `$XDG_DATA_HOME/ovos-tools/plugins`, default `~/.local/share/ovos-tools/plugins`.
 * Install toolboxes there with `npm install --prefix <dir> <package>`.
 */
export function userPluginRoot(): string {
  const base = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'ovos-tools', 'plugins');
}

/** The default plugin roots: the working directory, then {@link userPluginRoot}. */
export function defaultPluginRoots(): string[] {
  return [process.cwd(), userPluginRoot()];
}
