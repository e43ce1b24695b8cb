import { restartOnly, type ReloadRule } from '../../service/ReloadRule.js';
import { HttpSchema } from './httpSchema.js';

/**
 * The `http` section of the provider config, parsed (snake_case on disk):
 * ```json
 * "http": {"listen": "127.0.0.1:7009", "secret_env": "OVOS_TOOLS_HTTP_SECRET", "max_body_bytes": 1048576, "log_arguments": false,
 *          "allowed_hosts": ["127.0.0.1:8080"], "allowed_origins": ["https://console.example.org"]}
 * ```
 * Off unless the section (or `ovos-tools serve --http`) is given.
 */
export interface HttpConfig {
  /** Host to bind; default `127.0.0.1` (loopback). */
  host: string;
  /** TCP port; 0 picks a free one. */
  port: number;
  /**
   * The operator secret accepted in `X-Internal-Secret` (or `Authorization: Bearer`): `secret` in config, else the
   * env var named by `secret_env` (default `OVOS_TOOLS_HTTP_SECRET`). It acts for no agent (see the README).
   */
  secret?: string;
  /** Largest request body in bytes; default 1 MiB. */
  maxBodyBytes: number;
  /** Include argument values in access log lines; default false. */
  logArguments: boolean;
  /**
   * `allowed_hosts`: more `Host` header values every route accepts (the DNS-rebinding check), e.g. the address of a
   * balancer in front of a loopback server (`["127.0.0.1:8080", "tools.example.org"]`). A loopback server always
   * accepts its own addresses; a server on another address checks `Host` only when this is set.
   */
  allowedHosts?: string[];
  /**
   * `allowed_origins`: browser origins (`scheme://host[:port]`) whose pages may send state-changing requests and use
   * `/mcp`, besides the server's own; default none.
   */
  allowedOrigins?: string[];
}

const HTTP_KEYS = new Set(Object.keys(HttpSchema.properties));

/**
 * Parses `[host:]port` (IPv6 hosts in brackets: `[::1]:7009`).
 * @returns `{host, port}`, or a string saying what is wrong.
 */
export function parseListen(text: string): { host: string; port: number } | string {
  const m = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) return `expected [host:]port such as 7009, 127.0.0.1:7009 or [::1]:7009, received ${JSON.stringify(text)}`;
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}

/**
 * Parses the `http` config section; problems are pushed as `http.<key>: …`.
 * @returns the config, or `undefined` when the section is absent (the server stays off).
 */
export function parseHttpConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): HttpConfig | undefined {
  if (raw === undefined || raw === null || raw === false) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('http: expected an object {listen, secret?, secret_env?, max_body_bytes?, log_arguments?, allowed_hosts?, allowed_origins?}');
    return undefined;
  }
  const h = raw as Record<string, unknown>;
  for (const key of Object.keys(h)) if (!HTTP_KEYS.has(key)) problems.push(`http.${key}: unknown key (expected one of ${[...HTTP_KEYS].join(', ')})`);
  let listen: { host: string; port: number } = { host: '127.0.0.1', port: 7009 };
  if (h.listen !== undefined) {
    const parsed = typeof h.listen === 'string' || typeof h.listen === 'number' ? parseListen(String(h.listen)) : 'expected a string';
    if (typeof parsed === 'string') problems.push(`http.listen: ${parsed}`);
    else listen = parsed;
  }
  if (h.secret !== undefined && (typeof h.secret !== 'string' || h.secret.length < 16)) problems.push('http.secret: expected a string of at least 16 characters');
  if (h.secret_env !== undefined && (typeof h.secret_env !== 'string' || h.secret_env === '')) problems.push('http.secret_env: expected an environment variable name');
  let maxBodyBytes = 1024 * 1024;
  if (h.max_body_bytes !== undefined) {
    if (typeof h.max_body_bytes === 'number' && Number.isInteger(h.max_body_bytes) && h.max_body_bytes > 0) maxBodyBytes = h.max_body_bytes;
    else problems.push('http.max_body_bytes: expected a positive integer');
  }
  if (h.log_arguments !== undefined && typeof h.log_arguments !== 'boolean') problems.push('http.log_arguments: expected true or false');
  let allowedHosts: string[] | undefined;
  if (h.allowed_hosts !== undefined) {
    if (Array.isArray(h.allowed_hosts) && h.allowed_hosts.every((v) => typeof v === 'string' && /^[^\s/]+$/.test(v))) allowedHosts = h.allowed_hosts as string[];
    else problems.push('http.allowed_hosts: expected a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"]');
  }
  let allowedOrigins: string[] | undefined;
  if (h.allowed_origins !== undefined) {
    const isOrigin = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+$/.test(v) && URL.canParse(v) && new URL(v).origin === v;
    if (Array.isArray(h.allowed_origins) && h.allowed_origins.every(isOrigin)) allowedOrigins = h.allowed_origins as string[];
    else problems.push('http.allowed_origins: expected a list of origins such as ["https://console.example.org", "http://localhost:5173"] (scheme://host[:port], no path)');
  }
  const secret = typeof h.secret === 'string' ? h.secret : env[typeof h.secret_env === 'string' ? h.secret_env : 'OVOS_TOOLS_HTTP_SECRET'] || undefined;
  return { ...listen, ...(secret ? { secret } : {}), maxBodyBytes, logArguments: h.log_arguments === true, ...(allowedHosts ? { allowedHosts } : {}), ...(allowedOrigins ? { allowedOrigins } : {}) };
}

/** How a reload applies `http`: only at the next start (the HTTP API listens with the address and secret it started with). */
export const httpReload: ReloadRule<HttpConfig | undefined> = restartOnly('http', 'the HTTP API listens with the address and secret it started with');
