import os from 'node:os';
import path from 'node:path';
import { configProblem, readConfig, unknownKeys } from '@ovos-tools/core/node';
import { Type } from '@ovos-tools/core';
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
import { parseHttpConfig, type HttpConfig } from '../transports/http/HttpConfig.js';
import { mcpSettings, type McpSettings } from '../transports/mcp/mcpSettings.js';
import { busSettings, type BusSettings } from '../transports/ovos-bus/busSettings.js';
import { duplicateCredentials } from './duplicateCredentials.js';
import { OWN_PARSER_KEYS, PROVIDER_KEYS, ProviderConfigSchema } from './ProviderConfigSchema.js';
import { topLevelKeys } from './topLevelKeys.js';
import type { ConfigIssue } from './ConfigIssue.js';
import { fromLine, fromProblem, onePerMistake, PARSER_UNKNOWN_KEY } from './configIssues.js';
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
 * The keys whose values the schema checks (with the toolbox kit's `readConfig`: lax like pydantic, numeric and
 * boolean strings are accepted): every key of `ProviderConfigSchema` but those read by their own parser.
 */
const ValueKeys = Type.Object(
  Object.fromEntries(Object.entries(ProviderConfigSchema.properties).filter(([key]) => !OWN_PARSER_KEYS.includes(key) && key !== '$schema')),
) as unknown as typeof ProviderConfigSchema;

/**
 * Parses a raw config section into {@link ProviderSettings} with defaults, against `ProviderConfigSchema`:
 * prototype keys and nesting past the depth limit first (see `hostileShape`: nothing else walks such a value),
 * unknown keys at every level (each named with the nearest known key), toolbox sections told from misspelt keys
 * (see `topLevelKeys`), values against the features' schemas, then each feature's part, and the rules across keys
 * (duplicate credentials, `mcp.agent`, `bus_agent_field`). Every mistake is reported once (see `onePerMistake`).
 * @throws {@link ProviderConfigError} listing every problem (as data in `issues`, one line each in `problems`:
 *   `provider config '<key>': <what was expected>, received <value>` or `provider config '<key>': unknown key; did you mean '<key>'?`).
 */
export function parseProviderConfig(raw: unknown): ProviderSettings {
  const cfg = raw == null ? {} : raw;
  if (typeof cfg !== 'object' || Array.isArray(cfg)) throw new ProviderConfigError([fromProblem(configProblem('(section)', 'must be a JSON object', cfg), 'type')]);
  const hostile = hostileShape(cfg);
  if (hostile.length) throw new ProviderConfigError(hostile);
  const c = cfg as Record<string, unknown>;
  const top = topLevelKeys(c);
  const nested = PROVIDER_KEYS.flatMap((key) => (key in c ? unknownKeys((ProviderConfigSchema.properties as Record<string, object>)[key]!, c[key], key) : []));
  const { config: k, problems: keyProblems } = readConfig(ValueKeys, c);
  const issues: ConfigIssue[] = [...top.problems, ...nested.map((p) => fromProblem(p, 'unknownKey')), ...keyProblems.map((p) => fromProblem(p, 'schema'))];
  // the feature parsers report `<path>: <message>` lines; they take the same frame
  const lines: string[] = [];
  const http = parseHttpConfig(c.http, lines);
  const access = accessSettings({ ...k, agents: c.agents as typeof k.agents }, lines);
  lines.push(...duplicateCredentials(access.agents, c.agents));
  const budget = budgetSettings(k, lines);
  const confirm = confirmSettings(k, lines);
  const state = stateSettings(c, lines);
  issues.push(...lines.filter((line) => !PARSER_UNKNOWN_KEY.test(line)).map(fromLine));
  const mcp = mcpSettings(k);
  if (mcp.agent !== undefined && !access.agents.some((a) => a.id === mcp.agent)) {
    issues.push(fromProblem(configProblem('mcp.agent', `must name an agent declared in agents (${access.agents.map((a) => a.id).join(', ') || 'none is'})`, mcp.agent), 'crossField'));
  }
  const bus = busSettings(k);
  if (bus.agentField === 'peer') issues.push(fromProblem(configProblem('bus_agent_field', BUS_AGENT_FIELD_PEER, bus.agentField), 'crossField'));
  const once = onePerMistake(issues);
  if (once.length) throw new ProviderConfigError(once);
  return {
    policy: policySettings(k),
    hosts: hostDefaults(k),
    discovery: discoverySettings(k),
    registry: registrySettings(k),
    search: searchSettings(k),
    federation: federationSettings(k),
    access,
    budget,
    confirm,
    bus,
    mcp,
    http,
    brain: brainSettings(k),
    state,
    toolboxConfigs: top.toolboxConfigs,
  };
}

/** Why `bus_agent_field: "peer"` is refused. */
const BUS_AGENT_FIELD_PEER =
  "must not be \"peer\": HiveMind stamps context.peer on every satellite's message and such a request acts as the agent declared for its client (agents.<id>.hivemind), so this field could never name an agent; use e.g. \"agent_id\"";

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
