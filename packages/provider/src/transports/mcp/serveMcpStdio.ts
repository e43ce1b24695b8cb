import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { ToolService } from '../../service/ToolService.js';
import { createMcpToolServer, type McpToolServerOptions } from './createMcpToolServer.js';

/** Options of {@link serveMcpStdio}. */
export interface McpStdioOptions extends McpToolServerOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`; nothing else may write to it. */
  stdout?: Writable;
}

/**
 * Serves `service` as an MCP server over stdio (newline-delimited JSON-RPC; one client). Malformed lines are
 * answered by the SDK with a JSON-RPC parse error and do not stop the server.
 * @returns `closed`, which resolves when the client hangs up (stdin ends) or `close()` is called.
 */
export async function serveMcpStdio(service: ToolService, options: McpStdioOptions = {}): Promise<{ closed: Promise<void>; close(): Promise<void> }> {
  const stdin = options.stdin ?? process.stdin;
  const { server, close } = createMcpToolServer(service, { caller: options.caller ?? { transport: 'mcp' }, ...options });
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once('end', () => resolve());
    stdin.once('close', () => resolve());
  });
  await server.connect(transport);
  return { closed, close };
}
