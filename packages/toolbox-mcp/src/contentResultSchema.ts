/**
 * The key that marks an output schema as "the result is an MCP tool result": `"x-mcp-content": true`. A transport
 * that re-serves the tool over MCP (`ovos-tools mcp`, `/mcp`) sends the result's `content` blocks as they are
 * instead of JSON text, and declares no `outputSchema` for the tool.
 */
export const MCP_CONTENT_MARKER = 'x-mcp-content';

/**
 * The output schema of a mounted tool whose server declares no `outputSchema`: its result is the server's answer
 * as it sent it, `{content: [ContentBlock, …], structuredContent?: {…}}`. Content blocks are MCP's (`text`,
 * `image` and `audio` with base64 `data` and a `mimeType`, `resource_link`, embedded `resource`), unchanged.
 * Carries {@link MCP_CONTENT_MARKER}.
 */
export const MCP_CONTENT_RESULT_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({
  type: 'object',
  description:
    "The MCP server's tool result as it sent it: `content`, its content blocks (`text`; `image`/`audio` with base64 `data` and `mimeType`; `resource_link`; embedded `resource`), and `structuredContent` when it sent one.",
  properties: {
    content: {
      type: 'array',
      items: { type: 'object', properties: { type: { type: 'string' } }, required: ['type'] },
    },
    structuredContent: { type: 'object' },
  },
  required: ['content'],
  [MCP_CONTENT_MARKER]: true,
});
