import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Logger, WireError } from '@ovos-tools/core';
import { protoKeyPath } from '../../service/protoKeyPath.js';
import { wireErrors } from '../../service/wireErrors.js';
import { MCP_PATH } from './httpServerOptions.js';

/**
 * The HTTP status of a failed call or refusal by its code: 400 a bad request (`invalid_request`, like a body that
 * fails its schema), 404 unknown tool, 403 forbidden, 429 an agent over its limits, 503 the shared state the call
 * needs is unreachable or the provider is still loading (a balancer may retry elsewhere later), else 200 with
 * `ok: false` (as toolcore: the tool ran, or could not, and said why).
 */
export function statusOf(code: string): 200 | 400 | 403 | 404 | 429 | 503 {
  switch (code) {
    case 'invalid_request':
      return 400;
    case 'unknown_tool':
      return 404;
    case 'forbidden':
      return 403;
    case 'rate_limited':
      return 429;
    case 'state_unavailable':
      return 503;
    default:
      return 200;
  }
}

/** The code of the service's first-load refusal (`wireErrors.stillLoading`): the only `toolbox_unavailable` of a catalog read. */
const STILL_LOADING = 'toolbox_unavailable';

/**
 * The one refusal → HTTP mapping of the catalog routes (list, get, search): the first load not done in time → 503
 * (`Retry-After: 1`), `forbidden` → 403, `unknown_tool` → 404, anything else (bad input) → 400; the body is
 * `{ok: false, ...error, ...extra}` (e.g. the `tool_id` asked for).
 */
export function refusal(reply: FastifyReply, error: WireError, extra: Record<string, unknown> = {}): FastifyReply {
  if (error.code === STILL_LOADING) reply.header('retry-after', '1');
  const status = error.code === STILL_LOADING ? 503 : error.code === 'forbidden' ? 403 : error.code === 'unknown_tool' ? 404 : 400;
  // (the bodies keep the key order each answer always had)
  return reply.code(status).send(error.code === STILL_LOADING ? { ok: false, ...error, ...extra } : { ok: false, code: error.code, error: error.error, ...extra });
}

/** A JSON body that is not JSON, or carries an own `__proto__` key; `wire` is the answer's `{error, code}`. */
class BodyError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly wire: WireError & { field: string },
  ) {
    super(wire.error);
  }
}

/**
 * The JSON body parser of every route (`/mcp` included): `JSON.parse`, then a body with an own `__proto__` key
 * anywhere is refused with the service's own error (`invalid_request`, as the OVOS bus and every other door answer
 * such arguments), and a body that is not JSON with the parser's message.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new BodyError({ error: 'body is empty; send a JSON object', code: 'invalid_request', field: 'body' }), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      return done(new BodyError({ error: `body is not valid JSON: ${(err as Error).message}`, code: 'invalid_request', field: 'body' }), undefined);
    }
    const proto = protoKeyPath(parsed, 'body');
    if (proto) return done(new BodyError({ ...wireErrors.protoKey(proto.replace(/^body\.(args|params\.arguments)\b/, 'args')), field: proto }), undefined);
    done(null, parsed);
  });
}

/**
 * The one error mapping of the HTTP API: a request that fails its route schema → 400 `invalid_request` naming the
 * field; a body over the limit, of another content type, empty or not JSON → 400; an unknown route → 404
 * `not_found`; anything unexpected → 500 `internal` (logged, never shown).
 */
export function registerErrorMapping(app: FastifyInstance, maxBodyBytes: number, logger: Logger): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof BodyError) {
      // /mcp answers in JSON-RPC (the client reads the code there); the other routes in the API's shape
      if (req.url.split('?')[0] === MCP_PATH) {
        return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32602, message: err.wire.error, data: { 'org.openvoiceos/error_code': err.wire.code } }, id: null });
      }
      return reply.code(400).send({ ok: false, ...err.wire });
    }
    if (err.validation) {
      const first = err.validation[0];
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const field = missing ? (path ? `${path}.${missing}` : missing) : path || err.validationContext || 'body';
      const where = err.validationContext ?? 'body';
      const what = missing ? `is required` : (first?.message ?? 'is invalid');
      return reply.code(400).send({ ok: false, code: 'invalid_request', field, error: `${where}.${field} ${what}` });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'body', error: `body is larger than ${maxBodyBytes} bytes` });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'content-type', error: 'content-type must be application/json' });
    }
    if ((err.statusCode ?? 500) < 500) {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body is empty; send a JSON object' : `body is not valid JSON: ${err.message}`;
      return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'body', error: message });
    }
    logger.error(`http ${req.method} ${JSON.stringify(req.url)}: ${err.message}`);
    return reply.code(500).send({ ok: false, code: 'internal', error: 'internal error' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ ok: false, code: 'not_found', error: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
}
