import { restartOnly, type ReloadRule } from '../../service/ReloadRule.js';
import { compileSchema, type Static } from '@ovos-tools/core';
import { HTTP_DEFAULTS, HttpSchema } from './httpSchema.js';

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

/** Keys whose value a problem never repeats. */
const SECRET_KEYS = /^secret\b/;

/** What to type, added to a problem of these keys (the schema's own words say what is wrong, not what is meant). */
const EXAMPLES: Readonly<Record<string, string>> = {
  listen: '[host:]port such as 8080, 127.0.0.1:8080 or [::1]:8080',
  allowed_hosts: 'a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"]',
  allowed_origins: 'a list of origins such as ["https://console.example.org", "http://localhost:5173"]',
  secret: 'a string of at least 16 characters, or secret_env naming the variable that holds it',
};

/** A schema problem line of the section (`<key>[.<index>]: <text>`) as `http.<line>`, with what to type. */
function problemLine(line: string): string {
  const key = /^[a-z_]+/.exec(line)?.[0] ?? '';
  const text = SECRET_KEYS.test(line) ? line.replace(/, received .*$/, '') : line;
  return `http.${text}${EXAMPLES[key] && !line.includes(EXAMPLES[key]) ? ` (expected ${EXAMPLES[key]})` : ''}`;
}

/**
 * Reads the `http` config section with `HttpSchema` alone (its checks and defaults; `listen` decoded to
 * `{host, port}` by the schema's codec), then takes the secret from the variable `secret_env` names when `secret` is
 * not given. Problems are pushed as `http.<key>: <what was expected>, received <value>` (a secret's value is never
 * repeated); unknown keys are left to the config's walk, which names the nearest known one.
 * @returns the config, or `undefined` when the section is absent, `null` or `false` (the server stays off) or invalid.
 */
export function parseHttpConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): HttpConfig | undefined {
  if (raw === undefined || raw === null || raw === false) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`http: must be an object {${Object.keys(HttpSchema.properties).join(', ')}} or false, received ${JSON.stringify(raw)}`);
    return undefined;
  }
  const parsed = compileSchema(HttpSchema).parse(raw);
  if (!parsed.ok) {
    for (const line of parsed.problems) problems.push(problemLine(line));
    return undefined;
  }
  const h = parsed.value as Static<typeof HttpSchema>;
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

/** `http.listen` as the schema's codec decodes it: `{host, port}`. */
function decodeListen(value: unknown): { host: string; port: number } {
  return (HttpSchema.properties.listen as unknown as { '~codec': { decode(v: unknown): { host: string; port: number } } })['~codec'].decode(value);
}

/** How a reload applies `http`: only at the next start (the HTTP API listens with the address and secret it started with). */
export const httpReload: ReloadRule<HttpConfig | undefined> = restartOnly('http', 'the HTTP API listens with the address and secret it started with');
