/**
 * MCP tool names: core's reversible mapping (`.` is the escape character; valid OVOS names never change), re-exported
 * here for the MCP transport and its public subpath. The same mapping answers `ovos.tools.list {"format": "mcp"}`.
 */
export { fromMcpToolName, MCP_TOOL_NAME_MAX, toMcpToolName } from '@ovos-tools/core';
