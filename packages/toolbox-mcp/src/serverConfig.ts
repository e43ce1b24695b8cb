import { isObject } from '@ovos-tools/core/node';

/** Which of a server's tools are served, and under which names (the `prefix`, `include`, `exclude` keys). */
export interface McpToolSelection {
  /** Prepended to every tool name the server lists (`fs_` → `fs_read_file`); default none. */
  prefix?: string;
  /** Only tools whose server-side name matches one of these names or globs are served; absent: every tool. */
  include?: string[];
  /** Tools whose server-side name matches one of these names or globs are not served (applied after `include`). */
  exclude?: string[];
}

/** How to reach one MCP server: a command speaking MCP over stdio, or a Streamable HTTP endpoint. */
export type McpServerSpec = McpToolSelection &
  (
    | {
        /** A local command speaking MCP over stdin/stdout. */
        transport: 'stdio';
        /** The program, e.g. `npx`. */
        command: string;
        /** Its arguments. */
        args: string[];
        /** The only environment variables it gets (besides PATH and HOME). */
        env: Record<string, string>;
        /** Its working directory; default the provider's. */
        cwd?: string;
      }
    | {
        /** A Streamable HTTP endpoint. */
        transport: 'http';
        /** The endpoint URL. */
        url: string;
        /** Headers sent with every request (e.g. an `Authorization` bearer). */
        headers: Record<string, string>;
      }
  );

/** Timing knobs shared by every mounted server (config keys in snake_case, all in ms). */
export interface McpTimings {
  /** `connect_timeout_ms`: start + initialize + first tools/list must finish within this; default 20000. */
  connectTimeoutMs: number;
  /** `restart_delay_ms`: the first restart after a crash waits this long, doubling up to `max_restart_delay_ms`; default 500. */
  restartDelayMs: number;
  /** `max_restart_delay_ms`: default 30000. */
  maxRestartDelayMs: number;
  /** `max_restarts`: after this many failed restarts of a stdio server in a row without a successful call it is `unhealthy` until the next reload; default 5. */
  maxRestarts: number;
}

/** The parsed config of the `ovos-mcp-tools` source: servers by toolbox id, and the problems found. */
export interface ParsedMcpConfig {
  /** The servers to mount, by toolbox id. */
  servers: Map<string, McpServerSpec>;
  /** Connect, call and restart timings (defaults filled in). */
  timings: McpTimings;
  /**
   * What could not be used, and why, each naming the config key (`servers.fs.include: expected a list of tool
   * names or globs`). A bad server entry is a problem under its name (that server is not mounted); a bad
   * section-wide key is a problem under {@link MCP_SOURCE_NAME} (its default is used).
   */
  problems: Array<{ toolboxId: string; error: string }>;
}

/** The host source's name: its entry point and config section (`ovos-mcp-tools`). */
export const MCP_SOURCE_NAME = 'ovos-mcp-tools';

const ID = /^[a-zA-Z0-9_.-]{1,64}$/;
const PREFIX = /^[a-zA-Z0-9_-]{0,63}$/;
/** A tool name as MCP allows it, plus the wildcards `*` and `?`. */
const NAME_OR_GLOB = /^[A-Za-z0-9_.*?-]{1,128}$/;
const SECTION_KEYS = ['servers', 'connect_timeout_ms', 'restart_delay_ms', 'max_restart_delay_ms', 'max_restarts'];
const STDIO_KEYS = ['command', 'args', 'env', 'cwd'];
const HTTP_KEYS = ['url', 'headers'];
const SELECTION_KEYS = ['prefix', 'include', 'exclude'];

/**
 * Reads the `ovos-mcp-tools` section: `{"servers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url",
 * "headers"?}, each with "prefix"?, "include"?, "exclude"?}, "connect_timeout_ms"?, "restart_delay_ms"?,
 * "max_restart_delay_ms"?, "max_restarts"?}`. Unknown keys are problems (a misspelt `exclude` must not serve
 * what it meant to hide). Never throws.
 */
export function parseMcpConfig(config: Record<string, unknown>): ParsedMcpConfig {
  const problems: ParsedMcpConfig['problems'] = [];
  const sectionProblem = (error: string) => problems.push({ toolboxId: MCP_SOURCE_NAME, error });
  for (const key of Object.keys(config)) if (!SECTION_KEYS.includes(key)) sectionProblem(`${key}: unknown key (expected ${SECTION_KEYS.join(', ')})`);
  const number = (key: string, fallback: number, min: number, integer = false): number => {
    const v = config[key];
    if (v === undefined) return fallback;
    if (typeof v === 'number' && Number.isFinite(v) && v >= min && (!integer || Number.isInteger(v))) return v;
    sectionProblem(`${key}: expected ${integer ? 'an integer' : 'a number of milliseconds'} >= ${min}, received ${JSON.stringify(v)}; using ${fallback}`);
    return fallback;
  };
  const timings: McpTimings = {
    connectTimeoutMs: number('connect_timeout_ms', 20_000, 1),
    restartDelayMs: number('restart_delay_ms', 500, 1),
    maxRestartDelayMs: number('max_restart_delay_ms', 30_000, 1),
    maxRestarts: number('max_restarts', 5, 0, true),
  };
  const servers = new Map<string, McpServerSpec>();
  const raw = config.servers;
  if (raw === undefined) return { servers, timings, problems };
  if (!isObject(raw)) {
    sectionProblem('servers: expected an object of server name → {"command", …} or {"url", …}');
    return { servers, timings, problems };
  }
  for (const [name, entry] of Object.entries(raw)) {
    const parsed = parseServer(name, entry);
    if (typeof parsed === 'string') problems.push({ toolboxId: name, error: parsed });
    else servers.set(name, parsed);
  }
  return { servers, timings, problems };
}

/** One `servers.<name>` entry, or the problems with it (each naming its key), joined by `; `. */
function parseServer(name: string, entry: unknown): McpServerSpec | string {
  const at = `servers.${name}`;
  if (!ID.test(name)) return `${at}: the server name is its toolbox id: 1-64 of letters, digits, "_", "." and "-"`;
  if (!isObject(entry)) return `${at}: expected an object: {"command", "args", "env", "cwd"} or {"url", "headers"}, with "prefix", "include", "exclude"`;
  const problems: string[] = [];
  const bad = (key: string, what: string) => problems.push(`${at}.${key}: ${what}`);
  const stdio = entry.command !== undefined;
  if (stdio === (entry.url !== undefined)) return `${at}: give exactly one of "command" (a stdio server) or "url" (a Streamable HTTP server)`;
  const allowed = [...(stdio ? STDIO_KEYS : HTTP_KEYS), ...SELECTION_KEYS];
  for (const key of Object.keys(entry)) if (!allowed.includes(key)) bad(key, `unknown key for a ${stdio ? 'stdio' : 'Streamable HTTP'} server (expected ${allowed.join(', ')})`);

  const selection: McpToolSelection = {};
  if (entry.prefix !== undefined) {
    if (typeof entry.prefix === 'string' && PREFIX.test(entry.prefix)) {
      if (entry.prefix) selection.prefix = entry.prefix;
    }
    else bad('prefix', 'expected up to 63 letters, digits, "_" or "-" (e.g. "fs_")');
  }
  for (const key of ['include', 'exclude'] as const) {
    const list = entry[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      bad(key, 'expected a list of tool names or globs');
      continue;
    }
    const i = list.findIndex((g) => typeof g !== 'string' || !NAME_OR_GLOB.test(g));
    if (i >= 0) bad(`${key}[${i}]`, `expected a tool name or glob (letters, digits, "_", ".", "-" and the wildcards "*", "?"), received ${JSON.stringify(list[i])}`);
    else selection[key] = list as string[];
  }

  let spec: McpServerSpec | undefined;
  if (stdio) {
    if (typeof entry.command !== 'string' || !entry.command) bad('command', 'expected the program to run, e.g. "npx"');
    if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'))) bad('args', 'expected a list of strings');
    if (entry.env !== undefined && !isStringMap(entry.env)) bad('env', 'expected an object of string values');
    if (entry.cwd !== undefined && (typeof entry.cwd !== 'string' || !entry.cwd)) bad('cwd', 'expected a directory path');
    spec = {
      transport: 'stdio',
      command: entry.command as string,
      args: (entry.args as string[] | undefined) ?? [],
      env: (entry.env as Record<string, string> | undefined) ?? {},
      ...(entry.cwd ? { cwd: entry.cwd as string } : {}),
      ...selection,
    };
  } else {
    let url: URL | undefined;
    try {
      url = new URL(String(entry.url));
    } catch {
      /* below */
    }
    if (typeof entry.url !== 'string' || !url) bad('url', `expected an http:// or https:// URL, received ${JSON.stringify(entry.url)}`);
    else if (url.protocol !== 'http:' && url.protocol !== 'https:') bad('url', `expected an http:// or https:// URL, received ${url.protocol}`);
    else if (url.username || url.password) bad('url', 'credentials in the URL are not sent (fetch refuses them); put them in "headers", e.g. {"authorization": "Basic …"}');
    if (entry.headers !== undefined && !isStringMap(entry.headers)) bad('headers', 'expected an object of string values');
    spec = { transport: 'http', url: url?.href ?? '', headers: (entry.headers as Record<string, string> | undefined) ?? {}, ...selection };
  }
  return problems.length ? problems.join('; ') : spec;
}

function isStringMap(v: unknown): v is Record<string, string> {
  return isObject(v) && Object.values(v).every((x) => typeof x === 'string');
}
