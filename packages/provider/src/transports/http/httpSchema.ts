import { Type } from '@ovos-tools/core';

/**
 * The shape of the `http` section of the provider config, for the config schema, its reference and editors;
 * `parseHttpConfig` reads it (with the checks a schema cannot say: the listen address, the secret's variable).
 */
export const HttpSchema = Type.Object(
  {
    listen: Type.Optional(Type.Union([Type.String(), Type.Integer({ minimum: 0, maximum: 65535 })], { description: '[host:]port to bind, e.g. 127.0.0.1:7009 or [::1]:7009 (default 127.0.0.1:7009)' })),
    secret: Type.Optional(Type.String({ minLength: 16, description: 'The operator secret (X-Internal-Secret or Authorization: Bearer)' })),
    secret_env: Type.Optional(Type.String({ minLength: 1, description: 'Environment variable holding the operator secret (default OVOS_TOOLS_HTTP_SECRET)' })),
    max_body_bytes: Type.Optional(Type.Integer({ minimum: 1, description: 'Largest request body, bytes (default 1048576)' })),
    log_arguments: Type.Optional(Type.Boolean({ description: 'Include argument values in access log lines (default false)' })),
    allowed_hosts: Type.Optional(Type.Array(Type.String({ pattern: '^[^\\s/]+$' }), { description: 'More Host header values every route accepts, e.g. ["127.0.0.1:8080"]' })),
    allowed_origins: Type.Optional(Type.Array(Type.String({ pattern: '^https?://[^\\s/]+$' }), { description: 'Browser origins (scheme://host[:port]) whose pages may send state-changing requests and use /mcp, besides the server\'s own; default none' })),
  },
  { additionalProperties: false, description: 'The HTTP API; off when absent (or false)' },
);

/** The HTTP transport's key of the provider config: `http`. */
export const HttpKeys = Type.Object({
  http: Type.Optional(Type.Union([HttpSchema, Type.Literal(false), Type.Null()], { description: 'The HTTP API; off when absent (or false)' })),
});
