import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger, WireError } from '@ovos-tools/core';
import { protoKeyPath } from '../../service/protoKeyPath.js';
import { wireErrors } from '../../service/wireErrors.js';
import { MCP_PATH } from './httpServerOptions.js';

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
