import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Logger, WireError } from '@ovos-tools/core';

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

/** 503 (`Retry-After: 1`) for a request the service's first-load wait answered with `error`. */
export function stillLoading(reply: FastifyReply, error: WireError, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(503).header('retry-after', '1').send({ ok: false, ...error, ...extra });
}

/**
 * The one error mapping of the HTTP API: a request that fails its route schema → 400 `invalid_request` naming the
 * field; a body over the limit, of another content type, empty or not JSON → 400; an unknown route → 404
 * `not_found`; anything unexpected → 500 `internal` (logged, never shown).
 */
export function registerErrorMapping(app: FastifyInstance, maxBodyBytes: number, logger: Logger): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
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
    logger.error(`http ${req.method} ${req.url}: ${err.message}`);
    return reply.code(500).send({ ok: false, code: 'internal', error: 'internal error' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ ok: false, code: 'not_found', error: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
}
