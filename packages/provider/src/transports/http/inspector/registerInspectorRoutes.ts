import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reloadReportJson } from '../../ovos-bus/payloads.js';
import type { Caller, ReloadReport, ToolService } from '../../../service/ToolService.js';
import { inspectorHtml } from './inspectorPage.js';

/** The path of the inspector page; it is served without a credential (it holds no data, only the page's code). */
export const INSPECTOR_PATH = '/inspector';

const problemObject = {
  type: 'object',
  properties: { entry_point: { type: 'string' }, package: { type: 'string' }, error: { type: 'string' } },
} as const;

const errorBody = {
  type: 'object',
  properties: { ok: { type: 'boolean', const: false }, error: { type: 'string' }, code: { type: 'string' } },
  required: ['ok', 'error'],
} as const;

/** `POST /internal/tools/reload` (route schema; also documents the answer in `/openapi.json`). */
export const reloadToolsSchema = {
  summary: 'Rescan the plugin roots and swap in the new catalog (operator only)',
  security: [{ internalSecret: [] }, { bearer: [] }],
  response: {
    200: {
      type: 'object',
      properties: {
        ok: { type: 'boolean', const: true },
        loaded: { type: 'array', items: { type: 'string' }, description: 'Entry-point names now loaded, in load order.' },
        total_tools: { type: 'integer' },
        generation: { type: 'integer', description: 'The registry generation now serving.' },
        added: { type: 'array', items: { type: 'string' }, description: 'Tool names that appeared.' },
        removed: { type: 'array', items: { type: 'string' }, description: 'Tool names that disappeared.' },
        updated: { type: 'array', items: { type: 'string' }, description: 'Entry points whose package changed.' },
        problems: { type: 'array', items: problemObject },
        duration_ms: { type: 'number' },
      },
      required: ['ok', 'loaded', 'total_tools', 'generation', 'added', 'removed', 'updated', 'problems'],
    },
    401: errorBody,
    403: errorBody,
  },
} as const;

/**
 * The HTTP answer to a reload: the OVOS `ovos.tools.reload.response` keys (`loaded`, `total_tools`, `generation`,
 * `added`, `removed`, `updated`, `problems: [{entry_point, package, error}]`, `duration_ms`) with `ok: true`.
 */
export function reloadBody(report: ReloadReport): Record<string, unknown> {
  return { ok: true, ...reloadReportJson(report) };
}

/**
 * Adds the inspector's routes to the HTTP API:
 * - `GET /inspector`: the single-page inspector (HTML with inline script and style, no external resources),
 *   sent with a `Content-Security-Policy` that allows only same-origin `fetch` and the page's own inline code;
 * - `POST /internal/tools/reload`: runs {@link ToolService.reload} and answers {@link reloadBody}. Operator only:
 *   the operator secret, or an open loopback server; an agent credential is refused 403 `forbidden`.
 *
 * @param callerOf the caller the authentication hook resolved for a request.
 */
export function registerInspectorRoutes(app: FastifyInstance, service: ToolService, callerOf: (req: FastifyRequest) => Caller): void {
  app.get(INSPECTOR_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    return reply.serializer((x: unknown) => x as string).send(inspectorHtml);
  });

  app.post('/internal/tools/reload', { schema: reloadToolsSchema }, async (req, reply) => {
    const outcome = await service.reload(callerOf(req));
    if (!outcome.ok) return reply.code(403).send({ ok: false, ...outcome.error });
    return reloadBody(outcome.report);
  });
}
