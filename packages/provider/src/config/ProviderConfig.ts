import os from 'node:os';
import type { FederationSettings } from '../federation/BusFederation.js';
import path from 'node:path';
import { parseAgentsConfig, type AgentDefinition } from '../permissions/AgentDefinition.js';
import { parseHttpConfig, type HttpConfig } from '../transports/http/HttpConfig.js';

/** Settings of the bundled OpenAI-compatible brain (`brain` section). */
export interface BrainConfig {
  /** e.g. `http://127.0.0.1:8080/v1` (llama.cpp), `http://127.0.0.1:11434/v1` (Ollama); default OpenAI's. */
  baseUrl?: string;
  /** The chat model name, e.g. `qwen2.5-7b-instruct`. */
  model?: string;
  /** The API key, when the endpoint needs one. */
  apiKey?: string;
  /** Per-request limit in ms; default 60000. */
  timeoutMs?: number;
}

/** How a toolbox runs: in the provider's thread, in its own worker thread, or in its own Node process. */
export type IsolationMode = 'inline' | 'worker' | 'process';

/** One toolbox's host settings (`toolbox_hosts.<entry point>`); unset fields take the provider-wide defaults. */
export interface HostSettings {
  /** `isolation`: overrides the provider-wide `isolation`. */
  isolation?: IsolationMode;
  /** `memory_limit_mb`: heap limit of the worker or process, MB. */
  memoryLimitMb?: number;
  /** `env`: names of provider environment variables the toolbox may see (beyond locale and paths). */
  env?: string[];
  /** `allow_fs_read`: extra paths a `process` host may read (its code and plugin roots are always readable). */
  allowFsRead?: string[];
  /** `allow_fs_write`: paths a `process` host may write; default none. */
  allowFsWrite?: string[];
  /** `allow_child_process`: a `process` host may spawn programs (the shell toolbox needs it); default false. */
  allowChildProcess?: boolean;
  /** `allow_worker`: a `process` host may start worker threads (math and file search use them); default true. */
  allowWorker?: boolean;
}

/**
 * The provider's settings, parsed from its config section (the `PHAL` → `ovos-phal-plugin-tools` section of
 * mycroft.conf, or `--config FILE`). Keys are snake_case on disk; every other key whose value is an object
 * is a toolbox's own config, keyed by entry-point name (as OVOS does).
 */
export interface ProviderSettings {
  /** `default_timeout_ms`: limit for tools that set none; default 30000. */
  defaultTimeoutMs: number;
  /** `tool_timeouts`: per-tool overrides `{ "<tool name>": ms }`, winning over the tool's own `timeoutMs`. */
  toolTimeouts: Record<string, number>;
  /** `max_concurrency`: invocations running at once over all toolboxes; default 64. */
  maxConcurrency: number;
  /** `max_concurrency_per_toolbox`: invocations running at once per toolbox; default 16. */
  maxConcurrencyPerToolbox: number;
  /** `max_queue`: invocations allowed to wait for a slot, per limit; more are refused `overloaded`; default 50000. */
  maxQueue: number;
  /** `log_arguments`: include arguments in invoke log lines; default false. */
  logArguments: boolean;
  /** `plugin_roots`: directories whose node_modules are scanned; default working directory + per-user dir. */
  pluginRoots: string[] | undefined;
  /**
   * `allowed_packages`: package names that may load (e.g. `["@ovos-tools/toolbox-clock"]`); every other
   * installed toolbox package is reported and skipped. `undefined` (key absent): every package npm/pnpm installed.
   */
  allowedPackages: string[] | undefined;
  /** `disabled_toolboxes`: entry-point names never loaded. */
  disabledToolboxes: string[];
  /** `import_timeout_ms`: a toolbox module that takes longer to import is skipped; default 10000. */
  importTimeoutMs: number;
  /** `brain`: `{base_url, model, api_key, timeout_ms}`; env `OPENAI_BASE_URL`/`OPENAI_MODEL`/`OPENAI_API_KEY` fill gaps. */
  brain: BrainConfig | undefined;
  /** Toolbox config sections by entry-point name. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** `isolation`: how toolboxes run unless `toolbox_hosts` says otherwise; default `worker` (see the README for why). */
  isolation: IsolationMode;
  /** `memory_limit_mb`: heap limit of each worker or process host, MB; default 256 (sized for a Raspberry Pi-class device). */
  memoryLimitMb: number;
  /** `kill_grace_ms`: how long a cut-off call may keep running before its worker or process is terminated and restarted; default 2000. */
  killGraceMs: number;
  /** `max_restarts`: crashes within a minute after which a toolbox is marked unhealthy until the next reload; default 5. */
  maxRestarts: number;
  /** `toolbox_hosts`: per-entry-point host settings. */
  toolboxHosts: Record<string, HostSettings>;
  /**
   * `duplicate_tool_names`: `precedence` (default: the toolbox of highest precedence serves a name several
   * toolboxes provide — bundled, then pinned, then plugins, then remote) or `error` (OVOS-TOOLS-1: invoking a
   * duplicated name is an error naming the toolboxes).
   */
  duplicateToolNames: 'precedence' | 'error';
  /** `pinned_toolboxes`: entry-point names the operator trusts to win collisions over other third-party toolboxes. */
  pinnedToolboxes: string[];
  /**
   * `federation`: serve toolboxes that live elsewhere on the messagebus (e.g. Python OVOS toolboxes) through
   * `ovos.tools.*`. `false` turns it off; `{discover_window_ms, interval_ms}` tunes it. Default on, 300 ms, 60000 ms.
   */
  federation: FederationSettings;
  /** `http`: the HTTP API (`{listen, secret, secret_env, max_body_bytes, log_arguments}`); off when absent. */
  http: HttpConfig | undefined;
  /** `agents`: agents with a hashed (or env) credential, a tool allowlist and optional limits; see permissions/. */
  agents: AgentDefinition[];
  /**
   * `bus_agent_field`: the OVOS message-context key that names the agent of a bus request (e.g. `agent_id`), so the
   * agents' allowlists apply on the bus too. Advisory: any bus client can write any context, so this keeps honest
   * agents to their allowlists and binds hostile ones only when the messagebus requires a secret. Off by default.
   */
  busAgentField: string | undefined;
}

/** Thrown by {@link parseProviderConfig}; `problems` lists every wrong key with what was expected. */
export class ProviderConfigError extends Error {
  readonly code = 'invalid_config';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid provider config: ${problems.join('; ')}`);
    this.name = 'ProviderConfigError';
    this.problems = problems;
  }
}

const PROVIDER_KEYS = new Set([
  'default_timeout_ms',
  'tool_timeouts',
  'max_concurrency',
  'max_concurrency_per_toolbox',
  'max_queue',
  'log_arguments',
  'plugin_roots',
  'disabled_toolboxes',
  'allowed_packages',
  'import_timeout_ms',
  'brain',
  'enabled',
  'isolation',
  'memory_limit_mb',
  'kill_grace_ms',
  'max_restarts',
  'toolbox_hosts',
  'duplicate_tool_names',
  'pinned_toolboxes',
  'federation',
  'http',
  'agents',
  'bus_agent_field',
]);

/**
 * Parses a raw config section into {@link ProviderSettings} with defaults.
 * @throws {@link ProviderConfigError} listing every key of the wrong type or range.
 */
export function parseProviderConfig(raw: unknown): ProviderSettings {
  const problems: string[] = [];
  const cfg = raw == null ? {} : raw;
  if (typeof cfg !== 'object' || Array.isArray(cfg)) throw new ProviderConfigError(['the config must be a JSON object']);
  const c = cfg as Record<string, unknown>;
  const positive = (key: string, def: number): number => {
    const v = c[key];
    if (v === undefined) return def;
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
    problems.push(`${key}: expected a positive number, received ${JSON.stringify(v)}`);
    return def;
  };
  const stringList = (key: string): string[] | undefined => {
    const v = c[key];
    if (v === undefined) return undefined;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    problems.push(`${key}: expected a list of strings, received ${JSON.stringify(v)}`);
    return undefined;
  };
  const toolTimeouts: Record<string, number> = {};
  if (c.tool_timeouts !== undefined) {
    if (c.tool_timeouts && typeof c.tool_timeouts === 'object' && !Array.isArray(c.tool_timeouts)) {
      for (const [name, ms] of Object.entries(c.tool_timeouts)) {
        if (typeof ms === 'number' && ms > 0) toolTimeouts[name] = ms;
        else problems.push(`tool_timeouts.${name}: expected a positive number of milliseconds, received ${JSON.stringify(ms)}`);
      }
    } else problems.push(`tool_timeouts: expected an object { "<tool>": ms }, received ${JSON.stringify(c.tool_timeouts)}`);
  }
  if (c.log_arguments !== undefined && typeof c.log_arguments !== 'boolean') problems.push(`log_arguments: expected true or false`);
  const brain = parseBrain(c.brain, problems);
  const http = parseHttpConfig(c.http, problems);
  const agents = parseAgentsConfig(c.agents, problems);
  const toolboxConfigs: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(c)) {
    if (PROVIDER_KEYS.has(key)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) toolboxConfigs[key] = value as Record<string, unknown>;
  }
  const settings: ProviderSettings = {
    defaultTimeoutMs: positive('default_timeout_ms', 30_000),
    toolTimeouts,
    maxConcurrency: Math.floor(positive('max_concurrency', 64)),
    maxConcurrencyPerToolbox: Math.floor(positive('max_concurrency_per_toolbox', 16)),
    maxQueue: Math.floor(positive('max_queue', 50_000)),
    logArguments: c.log_arguments === true,
    pluginRoots: stringList('plugin_roots'),
    disabledToolboxes: stringList('disabled_toolboxes') ?? [],
    allowedPackages: stringList('allowed_packages'),
    importTimeoutMs: positive('import_timeout_ms', 10_000),
    brain,
    toolboxConfigs,
    isolation: oneOf(c, 'isolation', ISOLATION_MODES, 'worker', problems),
    memoryLimitMb: Math.floor(positive('memory_limit_mb', 256)),
    killGraceMs: positive('kill_grace_ms', 2000),
    maxRestarts: Math.floor(positive('max_restarts', 5)),
    toolboxHosts: parseToolboxHosts(c.toolbox_hosts, problems),
    duplicateToolNames: oneOf(c, 'duplicate_tool_names', ['precedence', 'error'] as const, 'precedence', problems),
    pinnedToolboxes: stringList('pinned_toolboxes') ?? [],
    federation: parseFederation(c.federation, problems),
    busAgentField: optionalString(c, 'bus_agent_field', problems),
    http,
    agents,
  };
  if (problems.length) throw new ProviderConfigError(problems);
  return settings;
}

function optionalString(c: Record<string, unknown>, key: string, problems: string[]): string | undefined {
  const v = c[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' && v) return v;
  problems.push(`${key}: expected a non-empty string, received ${JSON.stringify(v)}`);
  return undefined;
}

function parseFederation(v: unknown, problems: string[]): FederationSettings {
  const out: FederationSettings = { enabled: true, discoverWindowMs: 300, intervalMs: 60_000 };
  if (v === undefined || v === null || v === true) return out;
  if (v === false) return { ...out, enabled: false };
  if (typeof v !== 'object' || Array.isArray(v)) {
    problems.push('federation: expected true, false or {"enabled", "discover_window_ms", "interval_ms"}');
    return out;
  }
  const f = v as Record<string, unknown>;
  if (f.enabled !== undefined) {
    if (typeof f.enabled === 'boolean') out.enabled = f.enabled;
    else problems.push('federation.enabled: expected true or false');
  }
  for (const [key, prop] of [
    ['discover_window_ms', 'discoverWindowMs'],
    ['interval_ms', 'intervalMs'],
  ] as const) {
    if (f[key] === undefined) continue;
    if (typeof f[key] === 'number' && (f[key] as number) >= 0) out[prop] = f[key] as number;
    else problems.push(`federation.${key}: expected a number of milliseconds`);
  }
  return out;
}

const ISOLATION_MODES = ['inline', 'worker', 'process'] as const;

function oneOf<T extends string>(c: Record<string, unknown>, key: string, values: readonly T[], def: T, problems: string[]): T {
  const v = c[key];
  if (v === undefined) return def;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  problems.push(`${key}: expected one of ${values.map((x) => `"${x}"`).join(', ')}, received ${JSON.stringify(v)}`);
  return def;
}

function parseToolboxHosts(v: unknown, problems: string[]): Record<string, HostSettings> {
  const out: Record<string, HostSettings> = {};
  if (v === undefined || v === null) return out;
  if (typeof v !== 'object' || Array.isArray(v)) {
    problems.push('toolbox_hosts: expected an object { "<entry point>": { "isolation": "process", ... } }');
    return out;
  }
  for (const [ep, raw] of Object.entries(v)) {
    const where = `toolbox_hosts.${ep}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(`${where}: expected an object`);
      continue;
    }
    const h = raw as Record<string, unknown>;
    const hs: HostSettings = {};
    for (const key of Object.keys(h)) {
      if (!['isolation', 'memory_limit_mb', 'env', 'allow_fs_read', 'allow_fs_write', 'allow_child_process', 'allow_worker'].includes(key)) {
        problems.push(`${where}.${key}: unknown key (expected isolation, memory_limit_mb, env, allow_fs_read, allow_fs_write, allow_child_process, allow_worker)`);
      }
    }
    if (h.isolation !== undefined) hs.isolation = oneOf(h, 'isolation', ISOLATION_MODES, 'worker', problems);
    if (h.memory_limit_mb !== undefined) {
      if (typeof h.memory_limit_mb === 'number' && h.memory_limit_mb >= 16) hs.memoryLimitMb = Math.floor(h.memory_limit_mb);
      else problems.push(`${where}.memory_limit_mb: expected a number of MB, at least 16`);
    }
    for (const [key, prop] of [
      ['env', 'env'],
      ['allow_fs_read', 'allowFsRead'],
      ['allow_fs_write', 'allowFsWrite'],
    ] as const) {
      const list = h[key];
      if (list === undefined) continue;
      if (Array.isArray(list) && list.every((x) => typeof x === 'string' && !x.includes(','))) hs[prop] = list as string[];
      else problems.push(`${where}.${key}: expected a list of strings (paths may not contain commas)`);
    }
    for (const [key, prop] of [
      ['allow_child_process', 'allowChildProcess'],
      ['allow_worker', 'allowWorker'],
    ] as const) {
      if (h[key] === undefined) continue;
      if (typeof h[key] === 'boolean') hs[prop] = h[key] as boolean;
      else problems.push(`${where}.${key}: expected true or false`);
    }
    out[ep] = hs;
  }
  return out;
}

function parseBrain(v: unknown, problems: string[]): BrainConfig | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) {
    problems.push('brain: expected an object {base_url, model, api_key, timeout_ms}');
    return undefined;
  }
  const b = v as Record<string, unknown>;
  const out: BrainConfig = {};
  for (const [key, prop] of [
    ['base_url', 'baseUrl'],
    ['model', 'model'],
    ['api_key', 'apiKey'],
  ] as const) {
    if (b[key] === undefined) continue;
    if (typeof b[key] === 'string') out[prop] = b[key] as string;
    else problems.push(`brain.${key}: expected a string`);
  }
  if (b.timeout_ms !== undefined) {
    if (typeof b.timeout_ms === 'number' && b.timeout_ms > 0) out.timeoutMs = b.timeout_ms;
    else problems.push('brain.timeout_ms: expected a positive number');
  }
  return out;
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
