import { Type, type Static } from '@ovos-tools/core';

/** The MCP transport's key of the provider config: `mcp: {agent}`. */
export const McpKeys = Type.Object({
  mcp: Type.Optional(
    Type.Object({ agent: Type.Optional(Type.String({ minLength: 1, description: 'The agent an MCP stdio session acts for' })) }, { additionalProperties: false, description: 'ovos-tools mcp' }),
  ),
});

/** `ovos-tools mcp` (stdio) settings. */
export interface McpSettings {
  /** `mcp.agent`: the agent an `ovos-tools mcp` session acts for; absent: the operator. `--agent` overrides it. */
  agent: string | undefined;
}

/** The {@link McpSettings} of keys read against {@link McpKeys}. */
export function mcpSettings(k: Static<typeof McpKeys>): McpSettings {
  return { agent: k.mcp?.agent };
}
