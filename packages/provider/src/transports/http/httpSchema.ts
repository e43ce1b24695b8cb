import { Type, type Static } from '@ovos-tools/core';
import { parseListen } from './parseListen.js';

/** What `listen` is, for its problems. */
const LISTEN = 'expected [host:]port such as 8080, 127.0.0.1:8080 or [::1]:8080';

/** What an entry of `allowed_origins` is, for its problems. */
const ORIGIN = 'must be an origin such as "https://console.example.org" (scheme://host[:port], no path)';

/** Whether `v` is an origin `scheme://host[:port]` with nothing after it. */
const isOrigin = (v: string) => /^https?:\/\/[^\s/]+$/.test(v) && URL.canParse(v) && new URL(v).origin === v;

/**
 * `http.listen`: `[host:]port` (a string, or a bare port number), checked by the schema (`Refine`) and decoded to
 * `{host, port}` (`Codec`). Its default is the one place the HTTP API's default address is written.
 */
const Listen = Type.Codec(
  Type.Refine(
    Type.Union([Type.String(), Type.Integer({ minimum: 0, maximum: 65535 })], {
      default: '127.0.0.1:7009',
      description: '[host:]port to bind, e.g. 127.0.0.1:8080 or [::1]:8080; a bare port binds loopback',
      errorMessage: LISTEN,
    }),
    (v) => typeof parseListen(String(v)) !== 'string',
    (v) => parseListen(String(v)) as string,
  ),
)
  .Decode((v) => parseListen(String(v)) as { host: string; port: number })
  .Encode((l) => `${l.host.includes(':') ? `[${l.host}]` : l.host}:${l.port}`);

/**
 * The shape of the `http` section of the provider config: its checks, defaults and descriptions, for `serve`, the
 * reference and editors: the one parser of the section (each problem in its own words; the secret never repeated).
 * `httpSettings` decodes what it read (`listen` by its codec, the secret's variable).
 */
export const HttpSchema = Type.Object(
  {
    listen: Type.Optional(Listen),
    secret: Type.Optional(
      Type.String({
        minLength: 16,
        writeOnly: true,
        description: 'The operator secret (X-Internal-Secret or Authorization: Bearer), at least 16 characters',
        errorMessage: 'must be a string of at least 16 characters (or secret_env naming the variable that holds it)',
      }),
    ),
    secret_env: Type.Optional(
      Type.String({ minLength: 1, default: 'OVOS_TOOLS_HTTP_SECRET', description: 'Environment variable holding the operator secret', errorMessage: 'must be the name of an environment variable' }),
    ),
    max_body_bytes: Type.Optional(Type.Integer({ minimum: 1, default: 1_048_576, description: 'Largest request body, bytes', errorMessage: 'must be a positive integer (bytes)' })),
    log_arguments: Type.Optional(Type.Boolean({ default: false, description: 'Include argument values in access log lines', errorMessage: 'must be true or false' })),
    allowed_hosts: Type.Optional(
      Type.Array(Type.String({ pattern: '^[^\\s/]+$', errorMessage: 'must be a Host header value such as "127.0.0.1:8080" or "tools.example.org" (no scheme, path or spaces)' }), {
        description: 'More Host header values every route accepts, e.g. ["127.0.0.1:8080", "tools.example.org"]',
        errorMessage: 'expected a list of Host header values such as ["127.0.0.1:8080", "tools.example.org"]',
      }),
    ),
    allowed_origins: Type.Optional(
      Type.Array(
        Type.Refine(Type.String({ pattern: '^https?://[^\\s/]+$', errorMessage: ORIGIN }), isOrigin, () => ORIGIN),
        {
          description: "Browser origins (scheme://host[:port]) whose pages may send state-changing requests and use /mcp, besides the server's own; default none",
          errorMessage: 'expected a list of origins such as ["https://console.example.org", "http://localhost:5173"]',
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'The HTTP API; off when absent (or false)' },
);

/** The `http` section as its schema reads it (checked, coerced, defaults filled in; `listen` still as written). */
export type HttpSection = Static<typeof HttpSchema>;

const P = HttpSchema.properties;

/**
 * The HTTP API's defaults, read from {@link HttpSchema} (their one home): where it listens, the largest body, the
 * secret's variable, whether arguments are logged. `startHttpServer`, `--http` and `httpSettings` use these.
 */
export const HTTP_DEFAULTS = Object.freeze({
  /** `http.listen` as written: `127.0.0.1:<port>`. */
  listen: String((P.listen as unknown as { default: string }).default),
  /** `http.listen` decoded. */
  ...(parseListen(String((P.listen as unknown as { default: string }).default)) as { host: string; port: number }),
  maxBodyBytes: (P.max_body_bytes as unknown as { default: number }).default,
  secretEnv: (P.secret_env as unknown as { default: string }).default,
  logArguments: (P.log_arguments as unknown as { default: boolean }).default,
});

/** The HTTP transport's key of the provider config: `http`. */
export const HttpKeys = Type.Object({
  http: Type.Optional(
    Type.Union([HttpSchema, Type.Literal(false), Type.Null()], {
      description: 'The HTTP API; off when absent (or false)',
      errorMessage: `must be an object {${Object.keys(HttpSchema.properties).join(', ')}} or false`,
    }),
  ),
});
