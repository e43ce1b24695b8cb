import { randomUUID } from 'node:crypto';
import { SERVER_INFO } from '../serverInfo.js';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { silentLogger, type Logger, fromMcpToolName, toMcpToolName } from '@ovos-tools/core';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import type { CatalogEntry } from '../../service/CatalogEntry.js';
import { toQualifiedMcpToolName } from './qualifiedToolName.js';
import { callTool } from './callTool.js';
import { ERROR_CODE_META_KEY } from './metaKeys.js';
import { registerResultResources } from './resultResources.js';
import { callSearchTools, SEARCH_TOOLS_NAME, SEARCH_TOOLS_TOOL } from './searchToolsTool.js';
import { SHADOWED_BY_META_KEY, toMcpTool, type McpToolJson } from './toMcpTool.js';

/** Options of {@link createMcpToolServer}. */
export interface McpToolServerOptions {
  /** Who the connection acts for; default `{transport: 'mcp'}`. Decides which tools it sees and may call. */
  caller?: Caller;
  /** Where protocol problems are logged (never stdout: over stdio that is the protocol). */
  logger?: Logger;
  /** `serverInfo` of the initialize answer; default `SERVER_INFO` (`ovos-tools` and the provider package's version). */
  serverInfo?: { name: string; version: string };
  /**
   * Deferred loading (`mcp.search_tool`): `tools/list` answers the `search_tools` meta tool plus the tools this
   * connection's searches found (with `notifications/tools/list_changed` when a search finds new ones), not every
   * tool. Any tool the caller may call can still be called by name. Default false.
   */
  searchTool?: boolean;
}

/** An MCP server bound to one connection, and how to detach it from the service. */
export interface McpToolServer {
  /** The SDK's low-level server; connect it to exactly one transport. */
  server: Server;
  /** Stops forwarding catalog changes and closes the server (and its transport). Idempotent. */
  close(): Promise<void>;
}


/**
 * Builds an MCP server (SDK `Server`, capability `tools.listChanged`) over a {@link ToolService}, for ONE
 * connection: one server per client, so responses and progress of one client can never reach another
 * (the CVE-2026-25536 class).
 * - `tools/list`: every tool the caller may see, names mapped by `toMcpToolName`; a name served by several
 *   toolboxes is listed once under its own name (the collision winner, the tool the name calls everywhere), and each
 *   tool it shadows under its qualified name `<toolbox_id>__<name>` (`toQualifiedMcpToolName`) with
 *   `_meta["org.openvoiceos/shadowed_by"]` naming the winner; `tools/call` takes the qualified name of any tool.
 * - `tools/call`: `service.invoke` (the one door: access, agent limits, policy) with the request's AbortSignal (MCP
 *   `notifications/cancelled` fires it),
 *   progress forwarded as `notifications/progress` when the request carried a `progressToken`, and `_meta`'s
 *   `traceparent`/`tracestate` passed in `context`. Success: `structuredContent` plus a text block with the JSON;
 *   for a tool that `returnsMcpContent` (a mounted MCP server's tool without `outputSchema`), its `content`
 *   blocks as they are (text, image, audio, resource_link, resource) and its `structuredContent` when present.
 *   Tool-level failures (bad arguments, tool error, timeout, forbidden, …) are results with `isError: true`,
 *   our error text and the code in `_meta` (`forbidden`, `rate_limited`, … exactly as the bus and HTTP answer). A name
 *   the catalog does not have is a protocol error (`-32602`).
 * - output budgets: `_meta` `org.openvoiceos/max_output_chars` on `tools/call` (else the agent's or the provider's
 *   default) cuts a longer result; the result's `_meta` then carries `org.openvoiceos/truncated` and its content a
 *   `resource_link` to the full result, which `resources/read` answers for this caller (see `registerResultResources`).
 *   Without an agent, results belong to this connection (its own session key), so no other client reads them.
 * - with `searchTool`, the `search_tools` meta tool and deferred loading (see {@link McpToolServerOptions.searchTool}).
 * - Confirmation (`confirmation_required`): a client that declared elicitation is asked (`elicitation/create`, the
 *   prompt and a `confirm` checkbox) and the call runs once it says yes (`confirmation_declined` otherwise); any other
 *   client gets the `isError` result with the token and prompt in `_meta` and calls again with
 *   `_meta["org.openvoiceos/confirm_token"]` (see `mcpConfirmation.ts`). `_meta["org.openvoiceos/lang"]` (then, over
 *   HTTP, `Accept-Language`) names the user's languages for the prompt.
 * - `service.onChange` sends `notifications/tools/list_changed`.
 */
export function createMcpToolServer(service: ToolService, options: McpToolServerOptions = {}): McpToolServer {
  const given: Caller = options.caller ?? { transport: 'mcp' };
  // one server per connection: its own session key scopes the result handles of a caller without an agent
  const caller: Caller = given.session !== undefined ? given : { ...given, session: randomUUID() };
  const logger = options.logger ?? silentLogger;
  const searchTool = options.searchTool === true;
  /** Deferred loading: catalog names this connection's searches found. */
  const found = new Set<string>();
  const server = new Server(options.serverInfo ?? { ...SERVER_INFO }, { capabilities: { tools: { listChanged: true }, resources: {} } });
  registerResultResources(server, service, caller);

  // a tools/list that arrives while the toolboxes load waits for them (bounded), as a call does in the service
  server.setRequestHandler('tools/list', async () => {
    const listed = await service.list({ caller });
    if (!listed.ok) throw new ProtocolError(ProtocolErrorCode.InternalError, listed.error.error);
    if (!searchTool) return { tools: listTools(listed.entries, logger) } as never;
    return { tools: [SEARCH_TOOLS_TOOL, ...listTools(listed.entries, logger).filter((t) => found.has(fromMcpToolName(t.name) ?? ''))] } as never;
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const params = request.params as { name?: unknown; arguments?: unknown; _meta?: Record<string, unknown> };
    if (searchTool && params.name === SEARCH_TOOLS_NAME) {
      const answer = await callSearchTools(service, caller, params.arguments);
      const before = found.size;
      for (const name of answer.found) found.add(name);
      if (found.size > before) server.sendToolListChanged().catch((err: unknown) => logger.debug(`tools/list_changed not delivered: ${String(err)}`));
      return answer.result as never;
    }
    return callTool(service, server, caller, logger, params, ctx);
  });

  const unsubscribe = service.onChange(() => {
    server.sendToolListChanged().catch((err: unknown) => logger.debug(`tools/list_changed not delivered: ${String(err)}`));
  });
  let closed = false;
  return {
    server,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      await server.close().catch(() => undefined);
    },
  };
}




function listTools(entries: readonly CatalogEntry[], logger: Logger): McpToolJson[] {
  const tools: McpToolJson[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const shadowed = entry.shadowedBy !== undefined;
    if (!shadowed && seen.has(entry.tool.name)) continue;
    seen.add(entry.tool.name);
    const mcpName = shadowed ? toQualifiedMcpToolName(entry.toolboxId, entry.tool.name) : toMcpToolName(entry.tool.name);
    if (mcpName === undefined) {
      logger.warn(`tool '${entry.tool.name}' of ${entry.toolboxId} is not offered over MCP: its MCP name would exceed 128 characters`);
      continue;
    }
    const tool = toMcpTool(entry, mcpName);
    if (shadowed) tool._meta[SHADOWED_BY_META_KEY] = entry.shadowedBy;
    tools.push(tool);
  }
  return tools;
}

