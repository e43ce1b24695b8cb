import { Type, type Static } from '@ovos-tools/core';
import { restartOnly, type ReloadRule } from '../../service/ReloadRule.js';

/** The MCP transport's key of the provider config: `mcp: {agent, search_tool}`. */
export const McpKeys = Type.Object({
  mcp: Type.Optional(
    Type.Object(
      {
        agent: Type.Optional(Type.String({ minLength: 1, description: 'The agent an MCP stdio session acts for' })),
        search_tool: Type.Optional(
          Type.Boolean({ description: 'Deferred loading: tools/list offers the search_tools meta tool and the tools it found in this session, not every tool' }),
        ),
      },
      { additionalProperties: false, description: 'The MCP servers (ovos-tools mcp, /mcp of the HTTP API)' },
    ),
  ),
});

/** Settings of the MCP servers (`ovos-tools mcp` over stdio, `/mcp` of the HTTP API). */
export interface McpSettings {
  /** `mcp.agent`: the agent an `ovos-tools mcp` session acts for; absent: the operator. `--agent` overrides it. */
  agent: string | undefined;
  /**
   * `mcp.search_tool`: deferred loading for MCP hosts with many tools. `tools/list` answers the `search_tools` meta
   * tool plus the tools earlier searches of the session found (`notifications/tools/list_changed` after each search
   * that found new ones), instead of every tool. Any tool the caller may call can still be called by name. Default false.
   */
  searchTool: boolean;
}

/** The {@link McpSettings} of keys read against {@link McpKeys}. */
export function mcpSettings(k: Static<typeof McpKeys>): McpSettings {
  return { agent: k.mcp?.agent, searchTool: k.mcp?.search_tool === true };
}

/** How a reload applies `mcp`: only at the next start (an MCP session keeps the agent it started with). */
export const mcpReload: ReloadRule<McpSettings> = restartOnly('mcp', 'an MCP session keeps the agent it started with');
