import type { Static } from '@ovos-tools/core';
import { McpKeys } from './mcpSchema.js';

import type { McpSessionLimits } from './McpSessions.js';
import { restartOnly, type ReloadRule } from '../../service/ReloadRule.js';

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
  /** `mcp.max_sessions`, `mcp.max_sessions_per_caller`, `mcp.session_idle_s`: the limits of `/mcp` sessions (defaults 64, 8, 300 s). */
  sessions: McpSessionLimits;
}

/** The {@link McpSettings} of keys read against {@link McpKeys}. */
export function mcpSettings(k: Static<typeof McpKeys>): McpSettings {
  const m = k.mcp ?? {};
  const sessions: McpSessionLimits = {
    ...(m.max_sessions !== undefined ? { maxSessions: m.max_sessions } : {}),
    ...(m.max_sessions_per_caller !== undefined ? { maxSessionsPerCaller: m.max_sessions_per_caller } : {}),
    ...(m.session_idle_s !== undefined ? { sessionIdleMs: m.session_idle_s * 1000 } : {}),
  };
  return { agent: m.agent, searchTool: m.search_tool === true, sessions };
}

/** How a reload applies `mcp`: only at the next start (an MCP session keeps the agent it started with). */
export const mcpReload: ReloadRule<McpSettings> = restartOnly('mcp', 'an MCP session keeps the agent it started with');
