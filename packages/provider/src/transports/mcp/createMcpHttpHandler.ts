import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { hostOriginRefusal, type OriginPolicy } from '../../access/door.js';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import { createMcpToolServer, type McpToolServer } from './createMcpToolServer.js';
import { McpSessions, type McpSessionLimits } from './McpSessions.js';

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpHandlerOptions extends McpSessionLimits {
  /**
   * Who a request acts for, from its credential (e.g. a bearer token checked by the HTTP server), never its
   * body. Answer `undefined` to refuse the request (401). Default: every request is `{transport: 'mcp'}`.
   */
  callerOf?: (req: IncomingMessage) => Caller | undefined;
  /** Where session events are logged; default none. */
  logger?: Logger;
  /** Largest request body accepted, in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /** The MCP `serverInfo` announced at initialize; default `ovos-tools` and the package version. */
  serverInfo?: { name: string; version: string };
  /**
   * Host header values accepted (DNS-rebinding protection, e.g. `['127.0.0.1:8080']`): a request with another `Host`
   * is refused 403. Default: not checked — set it when the server listens on loopback for browser-reachable clients.
   * The same pure check (access's `hostOriginRefusal`) as the HTTP server's Host/Origin policy.
   */
  allowedHosts?: string[];
  /**
   * Origins allowed besides the server's own (the `Host` it was reached at): with this or `allowedHosts` set, every
   * request whose `Origin` is another (`null` included) is refused 403, as the HTTP server's policy does on `/mcp`.
   */
  allowedOrigins?: string[];
  /** Every session offers the `search_tools` meta tool and defers its tool list (`mcp.search_tool`); default false. */
  searchTool?: boolean;
}

/**
 * A Node `(req, res)` handler for MCP Streamable HTTP, plus `close()` (ends every session). Pass `body` when a framework
 * has already read and parsed the JSON body (then the stream is not read again).
 */
export interface McpHttpHandler {
  (req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
  /** Open sessions now. */
  readonly sessionCount: number;
  /** Ends every MCP session and releases them. */
  close(): Promise<void>;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  mcp: McpToolServer;
}

/**
 * MCP over Streamable HTTP, to be mounted at a path (e.g. `/mcp`) of an HTTP server. Stateful: an `initialize`
 * POST opens a session (`Mcp-Session-Id` header) with its OWN SDK server and transport, so pending requests,
 * responses and progress are keyed per session and can never reach another client (the SDK's CVE-2026-25536
 * class, where a shared server or transport routed one client's answer to another). A session is bound to the
 * caller that opened it (the service's session rules): a request for it from another caller is refused (403).
 * `DELETE` ends a session. Sessions are bounded per caller and in total (see {@link McpSessionLimits}); sessions idle
 * for `sessionIdleMs` are closed. Errors: 400 malformed JSON or no session, 401 when `callerOf` refuses, 403 another
 * caller's session, 404 unknown session (or a closed one, saying why), 413 body too large, 503 every session taken
 * by other callers.
 */
export function createMcpHttpHandler(service: ToolService, options: McpHttpHandlerOptions = {}): McpHttpHandler {
  const logger = options.logger ?? silentLogger;
  const callerOf = options.callerOf ?? (() => ({ transport: 'mcp' }) as Caller);
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new McpSessions<Session>(service.sessions, (s) => void s.mcp.close(), {
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.maxSessionsPerCaller !== undefined ? { maxSessionsPerCaller: options.maxSessionsPerCaller } : {}),
    ...(options.sessionIdleMs !== undefined ? { sessionIdleMs: options.sessionIdleMs } : {}),
  });
  const sweeper = setInterval(() => {
    for (const id of sessions.sweep()) logger.info(`MCP session ${id} closed after ${sessions.idleMs} ms without a request`);
  }, Math.min(sessions.idleMs, 60_000));
  sweeper.unref();
  const door = doorPolicy(options);

  const handler = (async (req: IncomingMessage, res: ServerResponse, parsed?: unknown) => {
    try {
      const refused = door && hostOriginRefusal(door, { method: req.method ?? 'GET', url: req.url ?? '/', host: req.headers.host, origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'] });
      if (refused) return reject(res, 403, `Forbidden: ${refused}`);
      const caller = callerOf(req);
      if (!caller) return reject(res, 401, 'Unauthorized: this MCP endpoint needs a credential');
      let body: unknown = parsed;
      if (req.method === 'POST' && parsed === undefined) {
        const read = await readJson(req, maxBody);
        if (!read.ok) return reject(res, read.status, read.message, read.rpcCode);
        body = read.value;
      }
      const sessionId = header(req, 'mcp-session-id');
      if (sessionId) {
        const used = sessions.use(sessionId, caller);
        if (!used.ok) {
          if (used.why === 'forbidden') return reject(res, 403, 'Forbidden: this session belongs to another caller');
          return reject(res, 404, used.reason ?? 'Session not found: initialize a new session');
        }
        if (req.method === 'POST') holdHeadersUntilFirstEvent(res);
        await used.session.value.transport.handleRequest(req, res, body);
        return;
      }
      if (req.method !== 'POST' || !isInitialize(body)) return reject(res, 400, 'Bad Request: no Mcp-Session-Id; send an initialize request first');
      const full = sessions.admit(caller);
      if (full) return reject(res, 503, full);
      const mcp = createMcpToolServer(service, { caller, logger, ...(options.serverInfo ? { serverInfo: options.serverInfo } : {}), ...(options.searchTool ? { searchTool: true } : {}) });
      let added = false;
      const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          added = true;
          sessions.add(id, caller, session);
        },
        onsessionclosed: (id) => void sessions.forget(id)?.value.mcp.close(),
      });
      const session: Session = { transport, mcp };
      transport.onclose = () => {
        const id = transport.sessionId;
        if (id) sessions.forget(id, session);
        void mcp.close();
      };
      try {
        await mcp.server.connect(transport);
        await transport.handleRequest(req, res, body);
      } finally {
        if (!added) sessions.release(caller); // the initialize failed: its reserved slot is free again
      }
    } catch (err) {
      logger.error(`MCP HTTP request failed: ${(err as Error)?.stack ?? String(err)}`);
      if (!res.headersSent) reject(res, 500, 'Internal error');
      else res.end();
    }
  }) as McpHttpHandler;

  Object.defineProperty(handler, 'sessionCount', { get: () => sessions.size });
  handler.close = async () => {
    clearInterval(sweeper);
    await Promise.allSettled(sessions.clear().map(async (s) => s.mcp.close()));
  };
  return handler;
}

/**
 * The HTTP server's own Host/Origin rule for this handler, as a pure policy (its `host` is not loopback: `Host` is
 * checked against `allowedHosts`), or `undefined` when neither list is set (nothing is checked).
 */
function doorPolicy(options: McpHttpHandlerOptions): OriginPolicy | undefined {
  if (!options.allowedHosts && !options.allowedOrigins) return undefined;
  return { host: '0.0.0.0', port: () => 0, allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins, originOnEveryRequest: true };
}

/**
 * A POST's answer is an SSE stream whose headers the SDK's Node adapter flushes at once, before the tool has run.
 * Held back instead, they leave with the first event (the result, or a progress report): a replica that dies while a
 * call runs then leaves no half-open 200 stream (which the client would wait on until its request timeout) but a
 * connection closed before any answer, which a balancer in front turns into an immediate 502. (Node sends headers
 * with the first body write unless they are flushed.) The standalone GET stream keeps flushing: it may stay silent.
 */
function holdHeadersUntilFirstEvent(res: ServerResponse): void {
  res.flushHeaders = () => {};
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isInitialize(body: unknown): boolean {
  const isInit = (m: unknown) => !!m && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize';
  return Array.isArray(body) ? body.some(isInit) : isInit(body);
}

function reject(res: ServerResponse, status: number, message: string, rpcCode = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: rpcCode, message }, id: null }));
}

type ReadResult = { ok: true; value: unknown } | { ok: false; status: number; message: string; rpcCode: number };

async function readJson(req: IncomingMessage, max: number): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return { ok: false, status: 413, message: `Request body larger than ${max} bytes`, rpcCode: -32600 };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch (err) {
    return { ok: false, status: 400, message: `Parse error: the body is not JSON (${(err as Error).message})`, rpcCode: -32700 };
  }
}
