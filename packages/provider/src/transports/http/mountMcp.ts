import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@ovos-tools/core';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler.js';
import type { McpSessionLimits } from '../mcp/McpSessions.js';
import { MCP_PATH } from './httpServerOptions.js';
import { callerOf } from './requestState.js';

/** What {@link mountMcp} needs beside the app and the service. */
export interface McpMountOptions {
  /** Largest `/mcp` body, bytes. */
  maxBodyBytes: number;
  /** Session problems are logged here. */
  logger: Logger;
  /** `mcp.search_tool`. */
  searchTool?: boolean | undefined;
  /** Session limits. */
  sessions?: McpSessionLimits | undefined;
}

/**
 * MCP over Streamable HTTP at `/mcp`: the caller the authentication hook found (as transport `mcp`), one SDK server
 * per session (the SDK loads on the first MCP request). Host and Origin were checked by the server's policy hook.
 * Answers `close()`, which ends every session.
 */
export function mountMcp(app: FastifyInstance, service: ToolService, options: McpMountOptions): { close(): Promise<void> } {
  let mcp: Promise<McpHttpHandler> | undefined;
  const mcpCallers = new WeakMap<IncomingMessage, Caller>();
  const handler = () =>
    (mcp ??= import('../mcp/createMcpHttpHandler.js').then(({ createMcpHttpHandler }) =>
      createMcpHttpHandler(service, {
        callerOf: (raw) => mcpCallers.get(raw),
        logger: options.logger,
        maxBodyBytes: options.maxBodyBytes,
        ...(options.searchTool ? { searchTool: true } : {}),
        ...options.sessions,
      }),
    ));
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    bodyLimit: options.maxBodyBytes,
    schema: { summary: 'MCP over Streamable HTTP (tools/list, tools/call); the same credentials and rules as the other routes', security: [{ internalSecret: [] }, { bearer: [] }] },
    handler: async (req, reply) => {
      mcpCallers.set(req.raw, { ...callerOf(req), transport: 'mcp' });
      const handle = await handler();
      reply.hijack();
      await handle(req.raw, reply.raw, req.body);
    },
  });
  return { close: async () => (await mcp)?.close() };
}
