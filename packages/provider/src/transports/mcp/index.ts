/**
 * The MCP transport: serves a `ToolService` to MCP clients over stdio (`ovos-tools mcp`) or Streamable HTTP.
 * Imported only by the `mcp` command and by whoever mounts the HTTP handler (subpath `@ovos-tools/provider/mcp`),
 * so the MCP SDK never loads for the other commands.
 */
export { createMcpToolServer } from './createMcpToolServer.js';
export { ERROR_CODE_META_KEY, MAX_OUTPUT_CHARS_META_KEY, TRUNCATED_META_KEY } from './metaKeys.js';
export { RESULT_URI_PREFIX } from './resultResources.js';
export { SEARCH_TOOLS_NAME, SEARCH_TOOLS_TOOL } from './searchToolsTool.js';
export type { McpToolServer, McpToolServerOptions } from './createMcpToolServer.js';
export { createMcpHttpHandler } from './createMcpHttpHandler.js';
export type { McpHttpHandler, McpHttpHandlerOptions } from './createMcpHttpHandler.js';
export { serveMcpStdio } from './serveMcpStdio.js';
export { CONFIRM_INPUT_KEY, CONFIRM_PROMPT_LANG_META_KEY, CONFIRM_PROMPT_META_KEY, CONFIRM_TOKEN_META_KEY, LANG_META_KEY } from './mcpConfirmation.js';
export type { McpStdioOptions } from './serveMcpStdio.js';
export { fromMcpToolName, MCP_TOOL_NAME_MAX, toMcpToolName } from '@ovos-tools/core';
export { SHADOWED_BY_META_KEY, TOOLBOX_ID_META_KEY, toMcpTool } from './toMcpTool.js';
export { fromQualifiedMcpToolName, MCP_QUALIFIER, toQualifiedMcpToolName } from './qualifiedToolName.js';
export type { McpToolJson } from './toMcpTool.js';
