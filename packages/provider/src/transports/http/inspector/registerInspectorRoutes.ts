import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reloadReportJson } from '../../ovos-bus/payloads.js';
import type { Caller, ReloadReport, ToolService } from '../../../service/ToolService.js';
import { readInspectorAsset, type InspectorAsset } from './readInspectorAsset.js';

/** The path of the inspector page; it is served without a credential (it holds no data, only the page's code). */
export const INSPECTOR_PATH = '/inspector';

/** The page and its two files (`page/inspector.html`, `.js`, `.css` beside this module), by path. */
const ASSETS: ReadonlyMap<string, InspectorAsset> = new Map([
  [INSPECTOR_PATH, { file: 'inspector.html', type: 'text/html; charset=utf-8' }],
  [`${INSPECTOR_PATH}/inspector.js`, { file: 'inspector.js', type: 'text/javascript; charset=utf-8' }],
  [`${INSPECTOR_PATH}/inspector.css`, { file: 'inspector.css', type: 'text/css; charset=utf-8' }],
]);

/**
 * The page's Content-Security-Policy: nothing but its own script and style (no inline code), and requests to the
 * same origin's API.
 */
export const INSPECTOR_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Whether `path` (without its query) is the inspector page or one of its files: served without a credential. */
export function isInspectorPath(path: string): boolean {
  return ASSETS.has(path);
}

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
 * - `GET /inspector`, `GET /inspector/inspector.js`, `GET /inspector/inspector.css`: the single-page inspector
 *   (plain HTML, a script and a style sheet, no external resources), each sent with {@link INSPECTOR_CSP}, which
 *   allows only these same-origin files and same-origin `fetch`. A file missing from the installed package is
 *   answered 500 `internal` with a message naming it.
 * - `POST /internal/tools/reload`: runs {@link ToolService.reload} and answers {@link reloadBody}. Operator only:
 *   the operator secret, or an open loopback server; an agent credential is refused 403 `forbidden`.
 *
 * @param callerOf the caller the authentication hook resolved for a request.
 */
export function registerInspectorRoutes(app: FastifyInstance, service: ToolService, callerOf: (req: FastifyRequest) => Caller): void {
  for (const [path, asset] of ASSETS) {
    app.get(path, { schema: { hide: true } }, async (_req, reply) => {
      const body = await readInspectorAsset(asset.file);
      if (typeof body !== 'string') return reply.code(500).send({ ok: false, code: 'internal', error: body.error });
      reply
        .header('content-type', asset.type)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', INSPECTOR_CSP);
      return reply.serializer((x: unknown) => x as string).send(body);
    });
  }

  app.post('/internal/tools/reload', { schema: reloadToolsSchema }, async (req, reply) => {
    const caller = callerOf(req);
    if (caller.agentId) {
      return reply.code(403).send({ ok: false, code: 'forbidden', error: `reload is for the operator: agent "${caller.agentId}" may not reload; use the operator secret` });
    }
    return reloadBody(await service.reload());
  });
}
