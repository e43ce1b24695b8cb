import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { silentLogger } from '@ovos-tools/core';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import { httpExposure } from '../../access/door.js';
import type { ToolService } from '../../service/ToolService.js';
import { accessLogHook, markArrival } from './accessLog.js';
import { authenticationHook } from './authenticate.js';
import { registerErrorMapping, registerJsonParser } from './errorMapping.js';
import { HttpServerConfigError, type HttpServerHandle, type HttpServerOptions } from './httpServerOptions.js';
import { BusTrafficFeed } from './inspector/BusTrafficFeed.js';
import { registerEventStream } from './inspector/registerEventStream.js';
import { registerInspectorRoutes } from './inspector/registerInspectorRoutes.js';
import { mountMcp } from './mountMcp.js';
import { originPolicyHook } from './originPolicy.js';
import { operatorRefusal } from './routes/actingCaller.js';
import { registerCallRoute } from './routes/callRoute.js';
import { registerOperatorRoutes } from './routes/operatorRoutes.js';
import { registerToolRoutes } from './routes/toolRoutes.js';
import { HTTP_DEFAULTS } from './httpSchema.js';

const OPENAPI = {
  openapi: {
    openapi: '3.0.3',
    info: { title: 'ovos-tools HTTP API', version: '1', description: 'The toolcore-compatible tool API of the ovos-tools provider.' },
    components: { securitySchemes: { internalSecret: { type: 'apiKey' as const, in: 'header', name: 'X-Internal-Secret' }, bearer: { type: 'http' as const, scheme: 'bearer' } } },
  },
};

/**
 * Starts the HTTP API of the seed's toolcore service on top of any {@link ToolService}, in layers: the Host/Origin
 * policy (every route), the authentication hook (credential → caller), the routes — tools (`GET /internal/tools`,
 * `GET /internal/tools/{tool_id}`, search and result paging), `POST /internal/tools/call`, the operator's
 * (`/health`, `/openapi.json`, `/metrics`, `POST /internal/tools/reload`), the bus traffic stream
 * `GET /internal/events`, the inspector page — the MCP mount `/mcp`, one error mapping and the access log. What a
 * caller may do is decided by the service (its access control), never here.
 *
 * Authentication: when a secret or any agent is configured, every route but `/health` and the inspector needs a
 * credential in `X-Internal-Secret` or `Authorization: Bearer`; a missing or wrong one is answered 401. An agent
 * credential acts for that agent; the operator secret for the operator, or for the agent a request names
 * (`agent_id`). With no credential configured the server only binds loopback and callers are anonymous.
 *
 * @throws {@link HttpServerConfigError} for a non-loopback host without any credential; the listen error
 *   (e.g. `EADDRINUSE`) when the port cannot be bound.
 */
export async function startHttpServer(service: ToolService, options: HttpServerOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const agents = typeof options.agents === 'function' ? options.agents : () => (options.agents ?? []) as readonly AgentDefinition[];
  const exposure = () => httpExposure(host, Boolean(options.secret) || agents().length > 0);
  if (exposure() === 'open') {
    throw new HttpServerConfigError(
      `refusing to serve HTTP on ${host} without a secret: set http.secret (or OVOS_TOOLS_HTTP_SECRET) or declare agents, or bind 127.0.0.1`,
    );
  }
  const logger = options.logger ?? silentLogger;
  const maxBodyBytes = options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes;
  const inflight = new Set<AbortController>();
  const routes: string[] = [];
  // No type coercion: a tool_id of 5 is a wrong shape, not the tool "5".
  const app = Fastify({ logger: false, bodyLimit: maxBodyBytes, return503OnClosing: true, ajv: { customOptions: { coerceTypes: false, removeAdditional: false } } });
  const boundPort = (): number => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : (options.port ?? HTTP_DEFAULTS.port);
  };
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.removeContentTypeParser('text/plain'); // only JSON bodies
  registerJsonParser(app);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.register(swagger, OPENAPI);
  registerErrorMapping(app, maxBodyBytes, logger);
  app.addHook('onRequest', markArrival);
  app.addHook('onRequest', originPolicyHook({ host, port: boundPort, allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins }));
  // a public server always needs a credential, even if a config reload removes every agent (its exposure is then `open`)
  app.addHook('onRequest', authenticationHook({ secret: options.secret, agents, exposure }));
  app.addHook('onResponse', accessLogHook(logger, options.logArguments ?? false));

  registerOperatorRoutes(app, service, options.metrics, options.health);
  registerToolRoutes(app, service);
  registerCallRoute(app, service, inflight);
  const mcp = mountMcp(app, service, { maxBodyBytes: Math.max(maxBodyBytes, 4 * 1024 * 1024), logger, searchTool: options.mcpSearchTool, sessions: options.mcpSessions });
  registerInspectorRoutes(app);
  // the stream's caller names an agent as every route does (`?agent_id=`): the operator secret then acts as that agent
  registerEventStream(app, options.bus ? new BusTrafficFeed(options.bus) : undefined, (req) => operatorRefusal(service, req, 'events'), options.eventStream);

  await app.listen({ host, port: options.port ?? HTTP_DEFAULTS.port });
  const port = boundPort();
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    // the inspector's page is listed, not the script and style files it loads
    routes: routes.filter((r) => !r.includes('/documentation') && !r.startsWith('OPTIONS') && !r.startsWith('GET /inspector/')),
    close: () =>
      (closing ??= (async () => {
        for (const c of inflight) c.abort(new Error('the HTTP server is closing'));
        await mcp.close();
        await app.close();
      })()),
  };
}
