import { performance } from 'node:perf_hooks';
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { isLogEnabled, parseToolFormat, silentLogger, type JsonObject, type Logger, type ToolFormat } from '@ovos-tools/core';
import type { Caller, ToolService } from '../../service/ToolService.js';
import { LOAD_WAIT_MS, loadedWithin } from '../../service/loadedWithin.js';
import { wireErrors } from '../../service/wireErrors.js';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import { createAgentResolver, credentialFromHeaders } from '../../access/resolveAgent.js';
import type { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import type { IncomingMessage } from 'node:http';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler.js';
import { isLoopbackHost } from './HttpConfig.js';
import { pickTraceparent } from './traceparent.js';
import { acceptLanguage } from '../acceptLanguage.js';
import { confirmationJson } from '../confirmationJson.js';
import { toolView } from './toolView.js';
import { formatCatalog, formatEntry } from '../formatCatalog.js';
import { ignoredKeys, ignoredKeysNote } from '../ignoredKeys.js';
import { callToolSchema, getToolSchema, healthSchema, listToolsSchema, reloadToolsSchema } from './routeSchemas.js';
import { reloadReportJson } from '../ovos-bus/payloads.js';
import { isInspectorPath, registerInspectorRoutes } from './inspector/registerInspectorRoutes.js';
import { registerSearchRoutes } from './registerSearchRoutes.js';
import { truncatedJson } from '../budgetJson.js';
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
  /**
   * Declared agents: each credential acts for its agent, with its allowlist and limits. A function is asked on every
   * request (the provider's current agents, which a config reload may change).
   */
  agents?: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  /** Largest request body in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** Put argument values in access log lines; default false. */
  logArguments?: boolean;
  /** Receives one access line per request (info) and server problems (warn/error). */
  logger?: Logger;
  /**
   * When given, `/metrics` serves it (operator credential needed when one is configured). The service records the
   * calls of every transport into the metrics it was built with; give the same object here.
   */
  metrics?: PrometheusMetrics;
  /**
   * The provider's messagebus connection: its tools-topic traffic is streamed at `GET /internal/events` (operator
   * only) for the inspector's live view. Without it that route answers 404.
   */
  bus?: RawFrameSource;
  /** Limits of the traffic stream (streams open at once, unsent bytes, heartbeat). */
  eventStream?: EventStreamLimits;
  /** `mcp.search_tool`: `/mcp` sessions offer the `search_tools` meta tool and list only the tools it found (deferred loading). */
  mcpSearchTool?: boolean;
  /**
   * More `Host` values `/mcp` accepts (DNS-rebinding check), e.g. a balancer's address in front of a loopback server.
   * A loopback server always accepts its own addresses; on another address `Host` is checked only when this is set.
   */
  allowedHosts?: string[];
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

/** Where MCP over Streamable HTTP is served. */
export const MCP_PATH = '/mcp';

/** Host header values of a loopback server on `port` (the MCP transport's DNS-rebinding check). */
function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * The HTTP status of a failed call: 404 unknown tool, 403 forbidden, 429 an agent over its limits, 503 the shared
 * state the call needs is unreachable (a balancer may retry elsewhere later), else 200 with `ok: false` (as toolcore).
 */
function statusOf(code: string): 200 | 403 | 404 | 429 | 503 {
  return code === 'unknown_tool' ? 404 : code === 'forbidden' ? 403 : code === 'rate_limited' ? 429 : code === 'state_unavailable' ? 503 : 200;
}

/**
 * What a call's confirmation needs from an HTTP request: the body's `confirm_token` (absent or `null`: none) and the
 * languages of its `Accept-Language` header (for the prompt, after the body context's `lang`).
 */
function confirmationRequestOf(token: unknown, acceptLanguageHeader: string | string[] | undefined): { confirmToken?: unknown; languages?: string[] } {
  const languages = acceptLanguage(acceptLanguageHeader);
  return { ...(token === undefined || token === null ? {} : { confirmToken: token }), ...(languages.length ? { languages } : {}) };
}

/** 503 for a list or get that waited the bound for the provider's first load (calls wait in the service). */
function stillLoading(reply: FastifyReply, toolId?: string): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', '1')
    .send({ ok: false, ...wireErrors.stillLoading(LOAD_WAIT_MS), ...(toolId ? { tool_id: toolId } : {}) });
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

/** Body fields that are the request's own, not context for the tool (a `confirm_token` never reaches a tool). */
const EXCLUDED_CONTEXT_KEYS = new Set(['tool_id', 'agent_id', 'args', 'context', 'format', 'toolbox_id', 'max_output_chars', 'confirm_token']);
/** The body fields `POST /internal/tools/call` reads itself; any other is context for the tool. */
const CALL_KEYS = [...EXCLUDED_CONTEXT_KEYS];

/** The POST routes under `/internal/tools/` that a GET reaches by mistake (answered 405, not "unknown tool"). */
const POST_ONLY = new Set(['call', 'reload']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Starts the HTTP API of the seed's toolcore service on top of any {@link ToolService}:
 * `GET /internal/tools`, `GET /internal/tools/{tool_id}`, `POST /internal/tools/call` (with `max_output_chars`),
 * tool search `GET /internal/tools/search` and result paging `GET /internal/tools/results/{handle}` (issue 27; see
 * `registerSearchRoutes`), plus `GET /health`,
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
  const agentsNow = typeof options.agents === 'function' ? options.agents : () => (options.agents ?? []) as readonly AgentDefinition[];
  if (!options.secret && agentsNow().length === 0 && !isLoopbackHost(host)) {
    throw new HttpServerConfigError(
      `refusing to serve HTTP on ${host} without a secret: set http.secret (or OVOS_TOOLS_HTTP_SECRET) or declare agents, or bind 127.0.0.1`,
    );
  }
  // a public server always needs a credential, even if a config reload removes every agent
  const authRequiredNow = () => Boolean(options.secret) || !isLoopbackHost(host) || agentsNow().length > 0;
  const logger = options.logger ?? silentLogger;
  let resolverOf: { agents: readonly AgentDefinition[]; resolve: ReturnType<typeof createAgentResolver> } | undefined;
  const resolveAgent = (credential: string) => {
    const agents = agentsNow();
    if (resolverOf?.agents !== agents) resolverOf = { agents, resolve: createAgentResolver(agents) };
    return resolverOf.resolve(credential);
  };
  const notes = new WeakMap<FastifyRequest, RequestNote>();
  const note = (req: FastifyRequest): RequestNote => {
    let n = notes.get(req);
    if (!n) notes.set(req, (n = {}));
    return n;
  };
  const inflight = new Set<AbortController>();
  const boundPort = (): number => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : (options.port ?? 7009);
  };

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
    if (!credential && !authRequiredNow()) {
      note(req).caller = { transport: 'http' };
      return;
    }
    note(req).outcome = 'unauthorized';
    return reply.code(401).send({
      ok: false,
      code: 'unauthorized',
      error: 'unauthorized: every route but /health and /inspector (also /openapi.json and /mcp) needs a valid credential in X-Internal-Secret or Authorization: Bearer',
    });
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

  /**
   * Who a request acts for, given the `agent_id` its body or query names: an agent credential acts for its own agent
   * only (another name is refused 403); the operator secret may act for any named agent (that agent's rules apply:
   * it only narrows what the secret may do, as toolcore's runtime does with one service secret); an open loopback
   * server (no credential configured) ignores the name.
   */
  const actingFor = (caller: Caller, claimed: string | undefined): Caller | { refused: string } => {
    if (claimed === undefined || claimed === '' || claimed === caller.agentId) return caller;
    if (caller.agentId) return { refused: `agent_id "${claimed}" does not match the credential, which acts for agent "${caller.agentId}"` };
    if (!authRequiredNow()) return caller;
    return { ...caller, agentId: claimed };
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

  /** The `format` query/body field: a ToolFormat, or the 400 body naming the accepted ones. */
  const readFormat = (value: unknown): { format: ToolFormat } | { body: Record<string, unknown> } => {
    const parsed = parseToolFormat(value);
    return 'error' in parsed ? { body: { ok: false, code: 'invalid_request', field: 'format', error: parsed.error } } : parsed;
  };

  app.get('/internal/tools', { schema: listToolsSchema }, async (req, reply) => {
    const q = req.query as { agent_id?: string; summary?: string; tags?: string; examples?: string; format?: string };
    const caller = actingFor(note(req).caller!, q.agent_id);
    if ('refused' in caller) return reply.code(403).send({ ok: false, code: 'forbidden', error: caller.refused });
    note(req).caller = caller;
    const format = readFormat(q.format);
    if ('body' in format) return reply.code(400).send(format.body);
    if (!(await loadedWithin(service))) return stillLoading(reply);
    const tags = q.tags ? q.tags.split(',').map((t) => t.trim()).filter(Boolean) : undefined;
    const entries = service.list({ caller, ...(tags ? { tags } : {}) });
    if (format.format !== 'ovos') {
      if (q.summary === 'true') return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'summary', error: `summary lists light entries without schemas, which have no ${format.format} form; drop summary to list tools as ${format.format}` });
      const formatted = formatCatalog(entries, service.collisions(), format.format);
      return { format: format.format, tools: formatted.tools, total: formatted.tools.length, notes: formatted.notes, skipped: formatted.skipped };
    }
    const tools = entries.map((e) => toolView(e, { summary: q.summary === 'true', examples: q.examples === 'true' }));
    return { tools, total: tools.length };
  });

  /** `GET /internal/tools/{tool_id}`: the tool's full definition (or in a vendor `format`), if the caller may see it. */
  const getTool = async (req: FastifyRequest, reply: FastifyReply, tool_id: string) => {
    const q = req.query as { agent_id?: string; format?: string; toolbox_id?: string };
    const n = note(req);
    n.tool = tool_id;
    const caller = actingFor(n.caller!, q.agent_id);
    if ('refused' in caller) return reply.code(403).send({ ok: false, code: 'forbidden', error: caller.refused, tool_id });
    n.caller = caller;
    const format = readFormat(q.format);
    if ('body' in format) return reply.code(400).send({ ...format.body, tool_id });
    if (!(await loadedWithin(service))) return stillLoading(reply, tool_id);
    const got = service.get(tool_id, caller, q.toolbox_id || undefined);
    if (!got.ok && got.error.code === 'unknown_tool' && POST_ONLY.has(tool_id) && !q.toolbox_id) {
      reply.header('allow', 'POST');
      return reply.code(405).send({ ok: false, code: 'method_not_allowed', error: `${tool_id === 'call' ? 'calling a tool' : 'reloading'} takes POST /internal/tools/${tool_id}${tool_id === 'call' ? ' with a JSON body {tool_id, args}' : ''}; GET /internal/tools/{tool_id} reads one tool's definition` });
    }
    if (got.ok) {
      if (format.format === 'ovos') return toolView(got.entry, { full: true, timeoutMs: got.timeoutMs });
      const one = formatEntry(got.entry, format.format);
      if (!one.ok) return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'format', error: one.error, tool_id });
      return { format: format.format, id: got.entry.tool.name, toolbox_id: got.entry.toolboxId, tool: one.tool, notes: one.notes };
    }
    n.outcome = got.error.code;
    const status = got.error.code === 'forbidden' ? 403 : 404;
    return reply.code(status).send({ ok: false, code: got.error.code, error: got.error.error, tool_id });
  };
  app.get('/internal/tools/:tool_id', { schema: getToolSchema }, async (req, reply) => getTool(req, reply, (req.params as { tool_id: string }).tool_id));
  registerSearchRoutes(app, service, {
    getTool,
    actingFor: (req, claimed) => {
      const acting = actingFor(note(req).caller!, claimed);
      if (!('refused' in acting)) note(req).caller = acting;
      return acting;
    },
  });

  app.post('/internal/tools/call', { schema: callToolSchema }, async (req, reply) => {
    const body = req.body as { tool_id: string; agent_id?: string; args?: Record<string, unknown>; context?: JsonObject; format?: string; toolbox_id?: string; max_output_chars?: number; confirm_token?: unknown } & Record<string, unknown>;
    const n = note(req);
    const toolId = body.tool_id;
    n.tool = toolId;
    n.args = body.args;
    const acting = actingFor(n.caller!, body.agent_id);
    if ('refused' in acting) {
      n.outcome = 'forbidden';
      return reply.code(403).send({ ok: false, code: 'forbidden', error: acting.refused, tool_id: toolId, latency_ms: 0 });
    }
    const caller = (n.caller = acting);
    const format = body.format === undefined ? undefined : readFormat(body.format);
    if (format && 'body' in format) return reply.code(400).send({ ...format.body, tool_id: toolId });

    const context: JsonObject = {};
    for (const [key, value] of Object.entries(body)) if (!EXCLUDED_CONTEXT_KEYS.has(key)) context[key] = value as never;
    Object.assign(context, body.context ?? {});
    // The tool (and any service it forwards the context to) sees the agent the request acts for, never a claimed one.
    if (caller.agentId) context.agent_id = caller.agentId;
    else delete context.agent_id;
    const traceparent = pickTraceparent(req.headers.traceparent, body.context?.traceparent);
    if (traceparent) context.traceparent = traceparent;
    else delete context.traceparent;
    n.traceparent = traceparent;

    const controller = new AbortController();
    inflight.add(controller);
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('the HTTP client went away'));
    };
    reply.raw.once('close', onClose);
    try {
      const request = {
        name: toolId,
        args: body.args ?? {},
        context,
        signal: controller.signal,
        caller,
        ...(body.toolbox_id ? { toolboxId: body.toolbox_id } : {}),
        ...(body.max_output_chars !== undefined ? { maxOutputChars: body.max_output_chars } : {}),
        ...confirmationRequestOf(body.confirm_token, req.headers['accept-language']),
      };
      const outcome = await service.invoke(format ? { ...request, format: format.format } : request);
      n.outcome = outcome.ok ? 'ok' : outcome.error.code;
      // other body fields are context for the tool (toolcore); only another spelling of `args` is called out
      const ignored = ignoredKeys(body, CALL_KEYS, true);
      const note = ignored.length ? ignoredKeysNote(ignored, 'args') : undefined;
      if (outcome.ok) {
        return {
          ok: true,
          result: outcome.result,
          tool_id: toolId,
          latency_ms: outcome.latencyMs,
          ...(outcome.truncated ? { truncated: truncatedJson(outcome.truncated) } : {}),
          ...(note ? { warnings: [note] } : {}),
        };
      }
      if (outcome.retryAfterMs !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))));
      const error = note ? `${outcome.error.error} (note: ${note})` : outcome.error.error;
      return reply
        .code(statusOf(outcome.error.code))
        .send({ ok: false, error, code: outcome.error.code, tool_id: toolId, latency_ms: outcome.latencyMs, ...confirmationJson(outcome.confirmation) });
    } finally {
      inflight.delete(controller);
      reply.raw.off('close', onClose);
    }
  });

  // MCP over Streamable HTTP at /mcp: the same credentials as the other routes (an agent credential acts for its agent,
  // the operator secret for the operator), one SDK server per session. The SDK loads on the first MCP request.
  let mcp: Promise<McpHttpHandler> | undefined;
  const mcpCallers = new WeakMap<IncomingMessage, Caller>();
  const mcpHandler = () =>
    (mcp ??= import('../mcp/createMcpHttpHandler.js').then(({ createMcpHttpHandler }) =>
      createMcpHttpHandler(service, {
        callerOf: (raw) => mcpCallers.get(raw),
        logger,
        maxBodyBytes: Math.max(options.maxBodyBytes ?? 1024 * 1024, 4 * 1024 * 1024),
        ...(isLoopbackHost(host) || options.allowedHosts ? { allowedHosts: [...(isLoopbackHost(host) ? loopbackHosts(boundPort()) : []), ...(options.allowedHosts ?? [])] } : {}),
        ...(options.mcpSearchTool ? { searchTool: true } : {}),
      }),
    ));
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    bodyLimit: Math.max(options.maxBodyBytes ?? 1024 * 1024, 4 * 1024 * 1024),
    schema: { summary: 'MCP over Streamable HTTP (tools/list, tools/call); the same credentials and rules as the other routes', security: [{ internalSecret: [] }, { bearer: [] }] },
    handler: async (req, reply) => {
      const caller = note(req).caller!;
      mcpCallers.set(req.raw, { ...caller, transport: 'mcp' });
      const handler = await mcpHandler();
      reply.hijack();
      await handler(req.raw, reply.raw, req.body);
    },
  });

  // operator only, as on every door: an agent is refused 403 `forbidden` (the service's access control decides)
  app.post('/internal/tools/reload', { schema: reloadToolsSchema }, async (req, reply) => {
    const outcome = await service.reload(note(req).caller!);
    if (!outcome.ok) return reply.code(403).send({ ok: false, ...outcome.error });
    // the keys of ovos.tools.reload.response, with ok: true
    return { ok: true, ...reloadReportJson(outcome.report) };
  });

  registerInspectorRoutes(app);
  registerEventStream(app, options.bus ? new BusTrafficFeed(options.bus) : undefined, (req) => note(req).caller!, (caller) => service.allows(caller, 'events'), options.eventStream);

  await app.listen({ host, port: options.port ?? 7009 });
  const port = boundPort();
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    close: () =>
      (closing ??= (async () => {
        for (const c of inflight) c.abort(new Error('the HTTP server is closing'));
        await (await mcp)?.close();
        await app.close();
      })()),
  };
}

