/**
 * @ovos-tools/toolbox-mcp — mounts MCP servers as ovos-tools toolboxes. Declares the `ovos-mcp-tools` host
 * source; its provider config section lists the servers.
 */
export { mcpHostSource } from './mcpHostSource.js';
export { McpToolboxHost } from './McpToolboxHost.js';
export type { McpToolboxHostOptions } from './McpToolboxHost.js';
export { ConnectError } from './openConnection.js';
export { MCP_SOURCE_NAME, parseMcpConfig } from './serverConfig.js';
export type { McpServerSpec, McpTimings, McpToolSelection, ParsedMcpConfig } from './serverConfig.js';
export { MCP_CONTENT_MARKER, MCP_CONTENT_RESULT_SCHEMA } from './contentResultSchema.js';
export { toToolDescriptor } from './toToolDescriptor.js';
export type { McpTool } from './toToolDescriptor.js';
