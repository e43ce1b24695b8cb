/**
 * @ovos-tools/toolbox-mcp — mounts MCP servers as ovos-tools toolboxes. Declares the `ovos-mcp-tools` host
 * source; its provider config section lists the servers.
 */
export { mcpHostSource } from './mcpHostSource.js';
export { McpToolboxHost } from './McpToolboxHost.js';
export type { McpToolboxHostOptions } from './McpToolboxHost.js';
export { parseMcpConfig } from './serverConfig.js';
export type { McpServerSpec, McpTimings, ParsedMcpConfig } from './serverConfig.js';
