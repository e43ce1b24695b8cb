import { performance } from 'node:perf_hooks';
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { isLogEnabled, silentLogger, type JsonObject, type Logger } from '@ovos-tools/core';
import type { Caller, ToolService } from '../../service/ToolService.js';
import type { AgentDefinition } from '../../permissions/AgentDefinition.js';
import { AgentLimiter } from '../../permissions/AgentLimiter.js';
import { createAgentResolver, credentialFromHeaders } from '../../permissions/resolveAgent.js';
import type { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import { isLoopbackHost } from './HttpConfig.js';
import { pickTraceparent } from './traceparent.js';
import { toolView } from './toolView.js';
import { callToolSchema, getToolSchema, healthSchema, listToolsSchema, reloadToolsSchema } from './routeSchemas.js';
import { reloadReportJson } from '../ovos-bus/payloads.js';
import { isInspectorPath, registerInspectorRoutes } from './inspector/registerInspectorRoutes.js';
import { BusTrafficFeed, type RawFrameSource } from './inspector/BusTrafficFeed.js';
import { registerEventStream, type EventStreamLimits } from './inspector/registerEventStream.js';

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  /** Default `127.0.0.1`. A non-loopback host needs a `secret` or at least one agent. */
  host?: string;
  /** Default 7009 (the seed's port); 0 picks a free port. */
  port?: number;
  /** The operator secret (`X-Internal-Secret` or `Authorization: Bearer`); it acts for no agent. */
  secret?: string;
  /** Declared agents: each credential acts for its agent, with its allowlist and limits. */
  agents?: readonly AgentDefinition[];
  /** Largest request body in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** Put argument values in access log lines; default false. */
  logArguments?: boolean;
  /** Receives one access line per request (info) and server problems (warn/error). */
  logger?: Logger;
  /** When given, `/metrics` serves it, and calls refused before they reach the service are recorded in it. */
  metrics?: PrometheusMetrics;
  /**
   * Also record the calls that reach the service (default true). `ovos-tools serve` sets false: its provider's
   * service records every transport's calls in the same metrics, so counting here would count them twice.
   */
  recordCalls?: boolean;
  /**
   * The provider's messagebus connection: its tools-topic traffic is streamed at `GET /internal/events` (operator
   * only) for the inspector's live view. Without it that route answers 404.
   */
  bus?: RawFrameSource;
  /** Limits of the traffic stream (streams open at once, unsent bytes, heartbeat). */
  eventStream?: EventStreamLimits;
}

/** A running server. */
export interface HttpServerHandle {
  /** e.g. `http://127.0.0.1:7009`. */
  readonly url: string;
  /** The host it listens on. */
  readonly host: string;
  /** The port it listens on (the chosen one when 0 was asked). */
  readonly port: number;
  /** Stops listening, aborts the calls in flight and closes connections. Idempotent. */
  close(): Promise<void>;
}

/** Thrown by {@link startHttpServer} when the options are unsafe (e.g. a public address without a secret). */
export class HttpServerConfigError extends Error {
  readonly code = 'invalid_config';
  override readonly name = 'HttpServerConfigError';
}

interface RequestNote {
  caller?: Caller;
  tool?: string;
  outcome?: string;
  traceparent?: string;
  args?: unknown;
}

const EXCLUDED_CONTEXT_KEYS = new Set(['tool_id', 'agent_id', 'args', 'context']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Starts the HTTP API of the seed's toolcore service on top of any {@link ToolService}:
 * `GET /internal/tools`, `GET /internal/tools/{tool_id}`, `POST /internal/tools/call`, plus `GET /health`,
 * `GET /openapi.json` (generated from the route schemas), with `metrics`, `GET /metrics`, the operator's
 * `POST /internal/tools/reload`, the live tools-topic bus traffic `GET /internal/events` (with `bus`), and the
 * inspector page `GET /inspector` (served without a credential: it holds no data).
 *
 * Authentication: when a secret or any agent is configured, every route but `/health` needs a credential in
 * `X-Internal-Secret` or `Authorization: Bearer`; a missing or wrong one is answered 401 `unauthorized`, saying
 * nothing about what exists. An agent credential acts for that agent; a body/query `agent_id` that names another
 * agent is refused 403. With no credential configured the server only binds loopback and callers act for no agent.
 *
 * @throws {@link HttpServerConfigError} for a non-loopback host without any credential; the listen error
 *   (e.g. `EADDRINUSE`) when the port cannot be bound.
 */
export async function startHttpServer(service: ToolService, options: HttpServerOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const agents = options.agents ?? [];
  const authRequired = Boolean(options.secret) || agents.length > 0;
  if (!authRequired && !isLoopbackHost(host)) {
    throw new HttpServerConfigError(
      `refusing to serve HTTP on ${host} without a secret: set http.secret (or OVOS_TOOLS_HTTP_SECRET) or declare agents, or bind 127.0.0.1`,
    );
  }
  const logger = options.logger ?? silentLogger;
  const resolveAgent = createAgentResolver(agents);
  const limiter = new AgentLimiter(agents);
  const notes = new WeakMap<FastifyRequest, RequestNote>();
  const note = (req: FastifyRequest): RequestNote => {
    let n = notes.get(req);
    if (!n) notes.set(req, (n = {}));
    return n;
  };
  const inflight = new Set<AbortController>();

  // No type coercion: a tool_id of 5 is a wrong shape, not the tool "5".
  const app = Fastify({
    logger: false,
    bodyLimit: options.maxBodyBytes ?? 1024 * 1024,
    return503OnClosing: true,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.removeContentTypeParser('text/plain'); // only JSON bodies
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'ovos-tools HTTP API', version: '1', description: 'The toolcore-compatible tool API of the ovos-tools provider.' },
      components: {
        securitySchemes: {
          internalSecret: { type: 'apiKey', in: 'header', name: 'X-Internal-Secret' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });

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
      return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'body', error: `body is larger than ${options.maxBodyBytes ?? 1024 * 1024} bytes` });
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

  // Authentication for everything but /health (and 404s, which reveal nothing).
  app.addHook('onRequest', async (req, reply) => {
    const start = performance.now();
    (req as unknown as { startedAt: number }).startedAt = start;
    if (req.url === '/health' || isInspectorPath(req.url.split('?')[0]!)) return;
    const credential = credentialFromHeaders(req.headers);
    const agent = credential ? resolveAgent(credential) : undefined;
    if (agent) {
      note(req).caller = { transport: 'http', agentId: agent.id };
      return;
    }
    if (credential && options.secret && sameSecret(credential, options.secret)) {
      note(req).caller = { transport: 'http' };
      return;
    }
    if (!authRequired && !credential) {
      note(req).caller = { transport: 'http' };
      return;
    }
    note(req).outcome = 'unauthorized';
    return reply.code(401).send({ ok: false, code: 'unauthorized', error: 'unauthorized: send a valid X-Internal-Secret or Authorization: Bearer credential' });
  });

  app.addHook('onResponse', async (req, reply) => {
    if (req.url === '/health' || req.url === '/metrics' || !isLogEnabled(logger, 'info')) return;
    const n = notes.get(req) ?? {};
    const ms = performance.now() - (req as unknown as { startedAt: number }).startedAt;
    const parts = [
      `http ${req.method} ${req.url.split('?')[0]} ${reply.statusCode}`,
      `agent=${n.caller?.agentId ?? '-'}`,
      `tool=${n.tool ?? '-'}`,
      `outcome=${n.outcome ?? (reply.statusCode < 400 ? 'ok' : String(reply.statusCode))}`,
      `latency_ms=${ms.toFixed(3)}`,
    ];
    if (n.traceparent) parts.push(`traceparent=${n.traceparent}`);
    if (options.logArguments && n.args !== undefined) parts.push(`args=${JSON.stringify(n.args)}`);
    logger.info(parts.join(' '));
  });

  /** A body/query agent_id must name the credential's agent; returns the 403 body when it does not. */
  const agentMismatch = (caller: Caller, claimed: string | undefined): Record<string, unknown> | undefined => {
    if (claimed === undefined || claimed === '' || claimed === caller.agentId) return undefined;
    if (!caller.agentId && !authRequired) return undefined; // open loopback server: nothing to disagree with
    const actsFor = caller.agentId ? `agent "${caller.agentId}"` : 'no agent (the operator secret)';
    return { ok: false, code: 'forbidden', error: `agent_id "${claimed}" does not match the credential, which acts for ${actsFor}` };
  };

  app.get('/health', { schema: healthSchema }, async () => ({ status: 'ok' }));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (options.metrics) {
    const metrics = options.metrics;
    app.get('/metrics', { schema: { summary: 'Prometheus metrics', security: [{ internalSecret: [] }, { bearer: [] }] } }, async (_req, reply) => {
      const { contentType, body } = await metrics.render();
      reply.header('content-type', contentType);
      return reply.serializer((x: unknown) => x as string).send(body);
    });
  }

  app.get('/internal/tools', { schema: listToolsSchema }, async (req, reply) => {
    const q = req.query as { agent_id?: string; summary?: string; tags?: string; examples?: string };
    const caller = note(req).caller!;
    const mismatch = agentMismatch(caller, q.agent_id);
    if (mismatch) return reply.code(403).send(mismatch);
    const tags = q.tags ? q.tags.split(',').map((t) => t.trim()).filter(Boolean) : undefined;
    const entries = service.list({ caller, ...(tags ? { tags } : {}) });
    const tools = entries.map((e) => toolView(e, { summary: q.summary === 'true', examples: q.examples === 'true' }));
    return { tools, total: tools.length };
  });

  app.get('/internal/tools/:tool_id', { schema: getToolSchema }, async (req, reply) => {
    const { tool_id } = req.params as { tool_id: string };
    const q = req.query as { agent_id?: string };
    const n = note(req);
    n.tool = tool_id;
    const mismatch = agentMismatch(n.caller!, q.agent_id);
    if (mismatch) return reply.code(403).send({ ...mismatch, tool_id });
    const got = service.get(tool_id, n.caller);
    if (got.ok) return toolView(got.entry, { full: true });
    n.outcome = got.error.code;
    const status = got.error.code === 'forbidden' ? 403 : 404;
    return reply.code(status).send({ ok: false, code: got.error.code, error: got.error.error, tool_id });
  });

  app.post('/internal/tools/call', { schema: callToolSchema }, async (req, reply) => {
    const body = req.body as { tool_id: string; agent_id?: string; args?: Record<string, unknown>; context?: JsonObject } & Record<string, unknown>;
    const n = note(req);
    const caller = n.caller!;
    const toolId = body.tool_id;
    n.tool = toolId;
    n.args = body.args;
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
    const fail = (status: 403 | 429, code: string, error: string) => {
      n.outcome = code;
      options.metrics?.invoked({ tool: '(refused)', outcome: code, latencyMs: elapsed(), transport: 'http' });
      return reply.code(status).send({ ok: false, code, error, tool_id: toolId, latency_ms: elapsed() });
    };
    const mismatch = agentMismatch(caller, body.agent_id);
    if (mismatch) return fail(403, 'forbidden', mismatch.error as string);

    const context: JsonObject = {};
    for (const [key, value] of Object.entries(body)) if (!EXCLUDED_CONTEXT_KEYS.has(key)) context[key] = value as never;
    Object.assign(context, body.context ?? {});
    // The tool (and any service it forwards the context to) sees the authenticated agent, never a claimed one.
    if (caller.agentId) context.agent_id = caller.agentId;
    else delete context.agent_id;
    const traceparent = pickTraceparent(req.headers.traceparent, body.context?.traceparent);
    if (traceparent) context.traceparent = traceparent;
    else delete context.traceparent;
    n.traceparent = traceparent;

    const slot = limiter.acquire(caller.agentId);
    if (!slot.ok) return fail(429, 'overloaded', `refused by ${slot.rule}`);
    const controller = new AbortController();
    inflight.add(controller);
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('the HTTP client went away'));
    };
    reply.raw.once('close', onClose);
    const recorder = options.recordCalls === false ? undefined : options.metrics;
    recorder?.inflight(1);
    try {
      const outcome = await service.invoke({ name: toolId, args: body.args ?? {}, context, signal: controller.signal, caller });
      const known = outcome.ok || outcome.error.code !== 'unknown_tool';
      n.outcome = outcome.ok ? 'ok' : outcome.error.code;
      recorder?.invoked({
        tool: known ? toolId : '(unknown)',
        ...(outcome.toolboxId ? { toolboxId: outcome.toolboxId } : {}),
        outcome: n.outcome,
        latencyMs: outcome.latencyMs,
        transport: 'http',
      });
      if (outcome.ok) return { ok: true, result: outcome.result, tool_id: toolId, latency_ms: outcome.latencyMs };
      const status = outcome.error.code === 'unknown_tool' ? 404 : outcome.error.code === 'forbidden' ? 403 : 200;
      return reply.code(status).send({ ok: false, error: outcome.error.error, code: outcome.error.code, tool_id: toolId, latency_ms: outcome.latencyMs });
    } finally {
      recorder?.inflight(-1);
      slot.release();
      inflight.delete(controller);
      reply.raw.off('close', onClose);
    }
  });

  // operator only: the operator secret, or an open loopback server; an agent credential is refused 403 `forbidden`
  app.post('/internal/tools/reload', { schema: reloadToolsSchema }, async (req, reply) => {
    const caller = note(req).caller!;
    if (caller.agentId) {
      return reply.code(403).send({ ok: false, code: 'forbidden', error: `reload is for the operator: agent "${caller.agentId}" may not reload; use the operator secret` });
    }
    // the keys of ovos.tools.reload.response, with ok: true
    return { ok: true, ...reloadReportJson(await service.reload()) };
  });

  registerInspectorRoutes(app);
  registerEventStream(app, options.bus ? new BusTrafficFeed(options.bus) : undefined, (req) => note(req).caller!, options.eventStream);

  await app.listen({ host, port: options.port ?? 7009 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 7009);
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    close: () =>
      (closing ??= (async () => {
        for (const c of inflight) c.abort(new Error('the HTTP server is closing'));
        await app.close();
      })()),
  };
}

