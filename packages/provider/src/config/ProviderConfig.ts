import os from 'node:os';
import type { FederationSettings } from '../federation/BusFederation.js';
import path from 'node:path';
import { configProblem, configProblemText, readConfig, type ConfigProblem } from '@ovos-tools/core/node';
import { Type, type Static } from '@ovos-tools/core';
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
  /**
   * `worker_group`: toolboxes in `worker` isolation with the same group (and the same `memory_limit_mb` and `env`)
   * share one worker thread; `""` gives the toolbox a worker of its own. Default: `"ovos-tools"` for the light
   * bundled toolboxes (clock, math, filesystem, skill-md), none for any other (see `hosts/workerGroups.ts`).
   */
  workerGroup?: string;
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
  /**
   * `spin_wait_ms`: after sending a call to a worker or process, the provider's thread keeps polling for the answer
   * this long instead of sleeping, and after answering a call that was the only one in flight to it, the worker or
   * process keeps polling for the next call this long (ms; 0 turns both off; default 0.1). Waking a sleeping thread
   * costs 10–100 µs on our VM, more than the rest of what a worker adds to a call; the polling costs CPU only in these
   * short windows around calls.
   */
  spinWaitMs: number;
  /** `max_restarts`: crashes within a minute after which a toolbox is marked unhealthy until the next reload; default 5. */
  maxRestarts: number;
  /**
   * `warm_up`: once a (re)load is serving, each new toolbox host runs its toolbox's `warmUp()` in the background, so
   * libraries and worker threads the first calls would load are loaded before a caller waits for them (a call that
   * arrives meanwhile waits only for what is left). `false` leaves them to the first call and saves their memory
   * until then; default true.
   */
  warmUp: boolean;
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
  /** One line per wrong key: `provider config '<key>': <what was expected>, received <value>`. */
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.name = 'ProviderConfigError';
    this.problems = problems;
  }
}

/** Who the provider's config problems name (`provider config '<key>': …`, the kit's one style). */
const OWNER = 'provider';

const ISOLATION_MODES = ['inline', 'worker', 'process'] as const;
const Millis = (description: string, def?: number) => Type.Number({ exclusiveMinimum: 0, ...(def === undefined ? {} : { default: def }), description: `${description}, ms` });
const Count = (description: string, def: number) => Type.Number({ minimum: 1, default: def, description });
const Names = (description: string) => Type.Array(Type.String(), { description });
const FsPaths = (description: string) => Type.Array(Type.String({ pattern: '^[^,]*$' }), { description: `${description} (no commas: Node's permission flags split on them)` });

/** One toolbox's `toolbox_hosts.<entry point>` section. */
const HostSettingsSchema = Type.Object(
  {
    isolation: Type.Optional(Type.Enum(ISOLATION_MODES, { description: 'Overrides the provider-wide isolation' })),
    memory_limit_mb: Type.Optional(Type.Number({ minimum: 16, description: 'Heap limit of the worker or process, MB' })),
    env: Type.Optional(Type.Array(Type.String(), { description: 'Provider environment variables the toolbox may see' })),
    allow_fs_read: Type.Optional(FsPaths('Extra paths a process host may read')),
    allow_fs_write: Type.Optional(FsPaths('Paths a process host may write')),
    allow_child_process: Type.Optional(Type.Boolean({ description: 'A process host may spawn programs' })),
    allow_worker: Type.Optional(Type.Boolean({ description: 'A process host may start worker threads' })),
    worker_group: Type.Optional(Type.String({ description: 'Toolboxes with the same worker group share one worker thread ("": a worker of its own)' })),
  },
  { additionalProperties: false },
);

/**
 * The provider's own keys of its config section, read with the toolbox kit's `readConfig` (lax like pydantic:
 * numeric and boolean strings are accepted). `http` and `agents` have their own parsers (transports/http,
 * permissions); every other object-valued key is a toolbox's section.
 */
const ProviderKeys = Type.Object({
  default_timeout_ms: Millis('Limit for tools that set none', 30_000),
  tool_timeouts: Type.Record(Type.String(), Millis('Per-tool limit'), { default: {}, description: 'Per-tool limits { "<tool name>": ms }' }),
  max_concurrency: Count('Invocations running at once over all toolboxes', 64),
  max_concurrency_per_toolbox: Count('Invocations running at once per toolbox', 16),
  max_queue: Count('Invocations allowed to wait for a slot, per limit', 50_000),
  log_arguments: Type.Boolean({ default: false, description: 'Include arguments in invoke log lines' }),
  plugin_roots: Type.Optional(Names('Directories whose node_modules are scanned')),
  disabled_toolboxes: Type.Array(Type.String(), { default: [], description: 'Entry-point names never loaded' }),
  allowed_packages: Type.Optional(Names('Package names that may load')),
  import_timeout_ms: Millis('A toolbox module that takes longer to import is skipped', 10_000),
  brain: Type.Optional(
    Type.Object(
      {
        base_url: Type.Optional(Type.String()),
        model: Type.Optional(Type.String()),
        api_key: Type.Optional(Type.String()),
        timeout_ms: Type.Optional(Millis('Per-request limit')),
      },
      { description: 'The bundled OpenAI-compatible brain' },
    ),
  ),
  enabled: Type.Optional(Type.Unknown({ description: "OVOS's plugin switch; not read here" })),
  isolation: Type.Enum(ISOLATION_MODES, { default: 'worker', description: 'How toolboxes run unless toolbox_hosts says otherwise' }),
  memory_limit_mb: Type.Number({ minimum: 16, default: 256, description: 'Heap limit of each worker or process host, MB' }),
  kill_grace_ms: Millis('How long a cut-off call may keep running before its host is restarted', 2000),
  spin_wait_ms: Type.Number({ minimum: 0, maximum: 100, default: 0.1, description: 'How long a thread polls for an answer, or for the next call, instead of sleeping, ms (0: off)' }),
  max_restarts: Count('Crashes within a minute after which a toolbox is unhealthy', 5),
  warm_up: Type.Boolean({ default: true, description: 'Load what the first calls need in the background once serving' }),
  toolbox_hosts: Type.Record(Type.String(), HostSettingsSchema, { default: {}, description: 'Per-entry-point host settings' }),
  duplicate_tool_names: Type.Enum(['precedence', 'error'], { default: 'precedence', description: 'What a name several toolboxes serve means' }),
  pinned_toolboxes: Type.Array(Type.String(), { default: [], description: 'Entry points trusted to win collisions' }),
  federation: Type.Union(
    [
      Type.Boolean(),
      Type.Object({
        enabled: Type.Optional(Type.Boolean()),
        discover_window_ms: Type.Optional(Type.Number({ minimum: 0, description: 'ms' })),
        interval_ms: Type.Optional(Type.Number({ minimum: 0, description: 'ms' })),
      }),
    ],
    { default: true, description: 'Serve toolboxes that live elsewhere on the messagebus' },
  ),
  http: Type.Optional(Type.Unknown({ description: 'The HTTP API; read by parseHttpConfig' })),
  agents: Type.Optional(Type.Unknown({ description: 'Agents and credentials; read by parseAgentsConfig' })),
  bus_agent_field: Type.Optional(Type.String({ minLength: 1, description: 'The message-context key naming the agent' })),
});

/**
 * Parses a raw config section into {@link ProviderSettings} with defaults: the provider's own keys with the toolbox
 * kit's `readConfig` against one TypeBox schema, `http` and `agents` with their parsers.
 * @throws {@link ProviderConfigError} listing every key of the wrong type or range, one line each in the kit's
 *   style: `provider config '<key>': <what was expected>, received <value>`.
 */
export function parseProviderConfig(raw: unknown): ProviderSettings {
  const cfg = raw == null ? {} : raw;
  if (typeof cfg !== 'object' || Array.isArray(cfg)) throw new ProviderConfigError([configProblemText(OWNER, configProblem('(section)', 'must be a JSON object', cfg))]);
  const c = cfg as Record<string, unknown>;
  const { config: k, problems: keyProblems } = readConfig(ProviderKeys, c);
  const problems = [...keyProblems, ...unknownHostKeys(c.toolbox_hosts)].map((p) => configProblemText(OWNER, p));
  // the http and agents parsers report `<path>: <message>` lines; they take the same frame
  const sectionProblems: string[] = [];
  const http = parseHttpConfig(c.http, sectionProblems);
  const agents = parseAgentsConfig(c.agents, sectionProblems);
  for (const line of sectionProblems) {
    const at = line.indexOf(': ');
    problems.push(at < 0 ? configProblemText(OWNER, { key: line, message: 'is invalid' }) : configProblemText(OWNER, { key: line.slice(0, at), message: line.slice(at + 2) }));
  }
  if (problems.length) throw new ProviderConfigError(problems);
  const toolboxConfigs: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(c)) {
    if (key in ProviderKeys.properties) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) toolboxConfigs[key] = value as Record<string, unknown>;
  }
  return {
    defaultTimeoutMs: k.default_timeout_ms,
    toolTimeouts: k.tool_timeouts,
    maxConcurrency: Math.floor(k.max_concurrency),
    maxConcurrencyPerToolbox: Math.floor(k.max_concurrency_per_toolbox),
    maxQueue: Math.floor(k.max_queue),
    logArguments: k.log_arguments,
    pluginRoots: k.plugin_roots,
    disabledToolboxes: k.disabled_toolboxes,
    allowedPackages: k.allowed_packages,
    importTimeoutMs: k.import_timeout_ms,
    brain: k.brain && brainSettings(k.brain),
    toolboxConfigs,
    isolation: k.isolation,
    memoryLimitMb: Math.floor(k.memory_limit_mb),
    killGraceMs: k.kill_grace_ms,
    spinWaitMs: k.spin_wait_ms,
    maxRestarts: Math.floor(k.max_restarts),
    warmUp: k.warm_up,
    toolboxHosts: Object.fromEntries(Object.entries(k.toolbox_hosts).map(([ep, h]) => [ep, hostSettings(h)])),
    duplicateToolNames: k.duplicate_tool_names,
    pinnedToolboxes: k.pinned_toolboxes,
    federation: federationSettings(k.federation),
    busAgentField: k.bus_agent_field,
    http,
    agents,
  };
}

/** A misspelt key of a `toolbox_hosts` entry is an error, never silently dropped (they grant or limit access). */
function unknownHostKeys(raw: unknown): ConfigProblem[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const known = Object.keys(HostSettingsSchema.properties);
  const out: ConfigProblem[] = [];
  for (const [ep, host] of Object.entries(raw)) {
    if (!host || typeof host !== 'object' || Array.isArray(host)) continue;
    for (const key of Object.keys(host)) {
      if (!known.includes(key)) out.push(configProblem('toolbox_hosts', `[${ep}.${key}] is not a host setting (expected ${known.join(', ')})`, (host as Record<string, unknown>)[key]));
    }
  }
  return out;
}

function brainSettings(b: NonNullable<Static<typeof ProviderKeys>['brain']>): BrainConfig {
  const out: BrainConfig = {};
  if (b.base_url !== undefined) out.baseUrl = b.base_url;
  if (b.model !== undefined) out.model = b.model;
  if (b.api_key !== undefined) out.apiKey = b.api_key;
  if (b.timeout_ms !== undefined) out.timeoutMs = b.timeout_ms;
  return out;
}

function hostSettings(h: Static<typeof HostSettingsSchema>): HostSettings {
  const out: HostSettings = {};
  if (h.isolation !== undefined) out.isolation = h.isolation;
  if (h.memory_limit_mb !== undefined) out.memoryLimitMb = Math.floor(h.memory_limit_mb);
  if (h.env !== undefined) out.env = h.env;
  if (h.allow_fs_read !== undefined) out.allowFsRead = h.allow_fs_read;
  if (h.allow_fs_write !== undefined) out.allowFsWrite = h.allow_fs_write;
  if (h.allow_child_process !== undefined) out.allowChildProcess = h.allow_child_process;
  if (h.allow_worker !== undefined) out.allowWorker = h.allow_worker;
  if (h.worker_group !== undefined) out.workerGroup = h.worker_group;
  return out;
}

function federationSettings(f: Static<typeof ProviderKeys>['federation']): FederationSettings {
  const out: FederationSettings = { enabled: true, discoverWindowMs: 300, intervalMs: 60_000 };
  if (typeof f === 'boolean') return { ...out, enabled: f };
  return {
    enabled: f.enabled ?? out.enabled,
    discoverWindowMs: f.discover_window_ms ?? out.discoverWindowMs,
    intervalMs: f.interval_ms ?? out.intervalMs,
  };
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
