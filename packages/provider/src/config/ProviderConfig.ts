import os from 'node:os';
import path from 'node:path';
import { parseAgentsConfig, type AgentDefinition } from '../permissions/AgentDefinition.js';
import { parseHttpConfig, type HttpConfig } from '../transports/http/HttpConfig.js';

/** Settings of the bundled OpenAI-compatible brain (`brain` section). */
export interface BrainConfig {
  /** e.g. `http://127.0.0.1:8080/v1` (llama.cpp), `http://127.0.0.1:11434/v1` (Ollama); default OpenAI's. */
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  /** Per-request limit in ms; default 60000. */
  timeoutMs?: number;
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
  /** `disabled_toolboxes`: entry-point names never loaded. */
  disabledToolboxes: string[];
  /** `import_timeout_ms`: a toolbox module that takes longer to import is skipped; default 10000. */
  importTimeoutMs: number;
  /** `brain`: `{base_url, model, api_key, timeout_ms}`; env `OPENAI_BASE_URL`/`OPENAI_MODEL`/`OPENAI_API_KEY` fill gaps. */
  brain: BrainConfig | undefined;
  /** Toolbox config sections by entry-point name. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** `http`: the HTTP API (`{listen, secret, secret_env, max_body_bytes, log_arguments}`); off when absent. */
  http: HttpConfig | undefined;
  /** `agents`: agents with a hashed (or env) credential, a tool allowlist and optional limits; see permissions/. */
  agents: AgentDefinition[];
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
  'import_timeout_ms',
  'brain',
  'enabled',
  'http',
  'agents',
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
    importTimeoutMs: positive('import_timeout_ms', 10_000),
    brain,
    toolboxConfigs,
    http,
    agents,
  };
  if (problems.length) throw new ProviderConfigError(problems);
  return settings;
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
