import { isObject } from '@ovos-tools/core/node';

/** How to reach one MCP server: a command speaking MCP over stdio, or a Streamable HTTP endpoint. */
export type McpServerSpec =
  | {
      /** A local command speaking MCP over stdin/stdout. */
      transport: 'stdio';
      /** The program, e.g. `npx`. */
      command: string;
      /** Its arguments. */
      args: string[];
      /** The only environment variables it gets (besides PATH and locale). */
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
    };

/** Timing knobs shared by every mounted server (config keys in snake_case, all in ms). */
export interface McpTimings {
  /** `connect_timeout_ms`: start + initialize + first tools/list must finish within this; default 20000. */
  connectTimeoutMs: number;
  /** `restart_delay_ms`: the first restart after a crash waits this long, doubling up to `max_restart_delay_ms`; default 500. */
  restartDelayMs: number;
  /** `max_restart_delay_ms`: default 30000. */
  maxRestartDelayMs: number;
  /** `max_restarts`: after this many restarts in a row without a successful call the server is `unhealthy` until the next reload; default 5. */
  maxRestarts: number;
}

/** The parsed config of the `ovos-mcp-tools` source: servers by toolbox id, and the problems found. */
export interface ParsedMcpConfig {
  /** The servers to mount, by toolbox id. */
  servers: Map<string, McpServerSpec>;
  /** Connect, call and restart timings (defaults filled in). */
  timings: McpTimings;
  /** Server entries that could not be used, and why. */
  problems: Array<{ toolboxId: string; error: string }>;
}

const ID = /^[a-zA-Z0-9_.-]{1,64}$/;

/**
 * Reads `{"servers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url", "headers"?}}, "connect_timeout_ms"?, …}`.
 * A bad server entry is a problem for that server only (`toolboxId` = its name); the others are still served.
 * Never throws.
 */
export function parseMcpConfig(config: Record<string, unknown>): ParsedMcpConfig {
  const problems: ParsedMcpConfig['problems'] = [];
  const servers = new Map<string, McpServerSpec>();
  const timings: McpTimings = {
    connectTimeoutMs: positive(config.connect_timeout_ms, 20_000),
    restartDelayMs: positive(config.restart_delay_ms, 500),
    maxRestartDelayMs: positive(config.max_restart_delay_ms, 30_000),
    maxRestarts: positive(config.max_restarts, 5),
  };
  const raw = config.servers;
  if (raw === undefined) return { servers, timings, problems };
  if (!isObject(raw)) {
    problems.push({ toolboxId: '', error: 'config "servers" must be an object of server name → {"command", …} or {"url", …}' });
    return { servers, timings, problems };
  }
  for (const [name, entry] of Object.entries(raw)) {
    const fail = (error: string) => problems.push({ toolboxId: name, error });
    if (!ID.test(name)) {
      fail('the server name is its toolbox id: 1-64 of letters, digits, "_", "." and "-"');
      continue;
    }
    if (!isObject(entry)) {
      fail('must be an object: {"command", "args", "env", "cwd"} or {"url", "headers"}');
      continue;
    }
    if (typeof entry.command === 'string' && entry.url === undefined) {
      if (!entry.command) {
        fail('"command" is empty');
        continue;
      }
      if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'))) {
        fail('"args" must be an array of strings');
        continue;
      }
      if (entry.env !== undefined && !isStringMap(entry.env)) {
        fail('"env" must be an object of string values');
        continue;
      }
      if (entry.cwd !== undefined && typeof entry.cwd !== 'string') {
        fail('"cwd" must be a string');
        continue;
      }
      servers.set(name, {
        transport: 'stdio',
        command: entry.command,
        args: (entry.args as string[] | undefined) ?? [],
        env: (entry.env as Record<string, string> | undefined) ?? {},
        ...(entry.cwd ? { cwd: entry.cwd as string } : {}),
      });
    } else if (typeof entry.url === 'string' && entry.command === undefined) {
      let url: URL;
      try {
        url = new URL(entry.url);
      } catch {
        fail(`"url" is not a URL: ${JSON.stringify(entry.url)}`);
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        fail(`"url" must be http:// or https://, got ${url.protocol}`);
        continue;
      }
      if (entry.headers !== undefined && !isStringMap(entry.headers)) {
        fail('"headers" must be an object of string values');
        continue;
      }
      servers.set(name, { transport: 'http', url: url.href, headers: (entry.headers as Record<string, string> | undefined) ?? {} });
    } else {
      fail('give exactly one of "command" (a stdio server) or "url" (a Streamable HTTP server)');
    }
  }
  return { servers, timings, problems };
}


function isStringMap(v: unknown): v is Record<string, string> {
  return isObject(v) && Object.values(v).every((x) => typeof x === 'string');
}

function positive(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
}
