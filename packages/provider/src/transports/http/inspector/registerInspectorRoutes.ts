import type { FastifyInstance } from 'fastify';
import { readInspectorAsset, type InspectorAsset } from './readInspectorAsset.js';

/** The path of the inspector page; it is served without a credential (it holds no data, only the page's code). */
export const INSPECTOR_PATH = '/inspector';

/** The page's ES modules (`page/*.js` beside this module): `inspector.js` is the entry, the others it imports. */
const MODULES = ['inspector.js', 'dom.js', 'api.js', 'state.js', 'busTraffic.js', 'catalog.js', 'toolView.js', 'argsForm.js', 'errorView.js'];

/** The page and its files (`page/inspector.html`, `.css` and the modules beside this module), by path. */
const ASSETS: ReadonlyMap<string, InspectorAsset> = new Map([
  [INSPECTOR_PATH, { file: 'inspector.html', type: 'text/html; charset=utf-8' }],
  ...MODULES.map((file): [string, InspectorAsset] => [`${INSPECTOR_PATH}/${file}`, { file, type: 'text/javascript; charset=utf-8' }]),
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

/**
 * Adds the inspector page's routes to the HTTP API: `GET /inspector`, `GET /inspector/inspector.js` (and the ES
 * modules it imports, `GET /inspector/dom.js` etc.) and `GET /inspector/inspector.css`, the single-page inspector
 * (plain HTML, script modules and a style sheet, no external resources), each sent with {@link INSPECTOR_CSP}, which
 * allows only these same-origin files and same-origin `fetch`. A file missing from the installed package is answered 500 `internal` with a message naming it. The page
 * drives the API routes registered by `startHttpServer` (including `POST /internal/tools/reload`).
 */
export function registerInspectorRoutes(app: FastifyInstance): void {
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
}
