import { restartOnly, type ReloadRule } from '../../service/ReloadRule.js';
import { readSection } from '../../service/readSection.js';
import { HTTP_DEFAULTS, HttpKeys, HttpSchema, type HttpSection } from './httpSchema.js';

/**
 * The `http` section of the provider config, parsed (snake_case on disk):
 * ```json
 * "http": {"listen": "127.0.0.1:8080", "secret_env": "OVOS_TOOLS_HTTP_SECRET", "max_body_bytes": 1048576, "log_arguments": false,
 *          "allowed_hosts": ["127.0.0.1:8080"], "allowed_origins": ["https://console.example.org"]}
 * ```
 * Off unless the section (or `ovos-tools serve --http`) is given.
 */
export interface HttpConfig {
  /** Host to bind; default `127.0.0.1` (loopback; see `HTTP_DEFAULTS`). */
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

/**
 * Decodes the `http` section as its schema read it into an {@link HttpConfig}: `listen` to `{host, port}` by the
 * schema's codec, the secret from the variable `secret_env` names when `secret` is not given.
 * @param env - where the secret's variable is read (default `process.env`).
 * @returns the config, or `undefined` when the section is absent, `null` or `false` (the server stays off).
 */
export function httpSettings(h: HttpSection | false | null | undefined, env: NodeJS.ProcessEnv = process.env): HttpConfig | undefined {
  if (h === undefined || h === null || h === false) return undefined;
  const listen = decodeListen(h.listen ?? HTTP_DEFAULTS.listen);
  const secret = h.secret ?? (env[h.secret_env ?? HTTP_DEFAULTS.secretEnv] || undefined);
  return {
    ...listen,
    ...(secret ? { secret } : {}),
    maxBodyBytes: h.max_body_bytes ?? HTTP_DEFAULTS.maxBodyBytes,
    logArguments: h.log_arguments ?? HTTP_DEFAULTS.logArguments,
    ...(h.allowed_hosts ? { allowedHosts: h.allowed_hosts } : {}),
    ...(h.allowed_origins ? { allowedOrigins: h.allowed_origins } : {}),
  };
}

/**
 * Reads the `http` config section on its own (the provider's config reads it with the rest): `HttpKeys`' schema
 * alone, then `httpSettings`. Problems are pushed as `http.<key>: <what was expected>, received <value>` (a
 * secret's value is never repeated); unknown keys are left to the config's walk, which names the nearest known one.
 * @returns the config, or `undefined` when the section is absent, `null` or `false` (the server stays off) or invalid.
 */
export function parseHttpConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): HttpConfig | undefined {
  const read = readSection<HttpSection | false | null>('http', HttpKeys.properties.http, raw);
  problems.push(...read.problems.map((p) => `${p.path}: ${p.message}`));
  return read.problems.length ? undefined : httpSettings(read.value, env);
}

/** `http.listen` as the schema's codec decodes it: `{host, port}`. */
function decodeListen(value: unknown): { host: string; port: number } {
  return (HttpSchema.properties.listen as unknown as { '~codec': { decode(v: unknown): { host: string; port: number } } })['~codec'].decode(value);
}

/** How a reload applies `http`: only at the next start (the HTTP API listens with the address and secret it started with). */
export const httpReload: ReloadRule<HttpConfig | undefined> = restartOnly('http', 'the HTTP API listens with the address and secret it started with');
