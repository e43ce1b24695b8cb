import { Type } from '@ovos-tools/core';

/** The MCP transport's key of the provider config: `mcp: {agent, search_tool, max_sessions, max_sessions_per_caller, session_idle_s}`. */
export const McpKeys = Type.Object({
  mcp: Type.Optional(
    Type.Object(
      {
        agent: Type.Optional(Type.String({ minLength: 1, description: 'The agent an MCP stdio session acts for' })),
        search_tool: Type.Optional(
          Type.Boolean({ default: false, description: 'Deferred loading: tools/list offers the search_tools meta tool and the tools it found in this session, not every tool' }),
        ),
        max_sessions: Type.Optional(Type.Integer({ minimum: 1, default: 64, description: '/mcp sessions open at once, every caller together' })),
        max_sessions_per_caller: Type.Optional(
          Type.Integer({ minimum: 1, default: 8, description: '/mcp sessions one caller (an agent, the operator, the anonymous caller) may hold; past it its least recently used is closed' }),
        ),
        session_idle_s: Type.Optional(Type.Integer({ minimum: 1, default: 300, description: 'An /mcp session with no request for this long is closed, s' })),
      },
      { additionalProperties: false, description: 'The MCP servers (ovos-tools mcp, /mcp of the HTTP API)' },
    ),
  ),
});

/** The default of a key of `mcp`, read from {@link McpKeys} (their one home). */
export function mcpDefault(key: 'max_sessions' | 'max_sessions_per_caller' | 'session_idle_s'): number {
  return (McpKeys.properties.mcp.properties[key] as unknown as { default: number }).default;
}
