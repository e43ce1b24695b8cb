import { compileSchema, InvalidOutputError, ToolExecutionError, toWireError, type CallOutcome } from '@ovos-tools/core';
import type { ServedTool } from './listServedTools.js';

/**
 * An MCP `CallToolResult` as our call outcome, for tool `name` (as served) of server `toolboxId`:
 * - `isError: true` → `execution_failed` carrying the server's text blocks;
 * - with a declared `outputSchema`: `structuredContent`, validated against it (`invalid_output` when missing or
 *   invalid);
 * - without: `{content, structuredContent?}` — the server's content blocks unchanged (text, image, audio,
 *   resource_link, resource) and its `structuredContent` when it sent an object (see `MCP_CONTENT_RESULT_SCHEMA`).
 * A malformed answer (no `content` array) is `invalid_output`, never a crash.
 */
export function toCallOutcome(toolboxId: string, name: string, tool: ServedTool, result: unknown): CallOutcome {
  const r = result as { content?: unknown; structuredContent?: unknown; isError?: unknown } | null;
  if (!r || typeof r !== 'object' || !Array.isArray(r.content)) {
    return { ok: false, error: toWireError(new InvalidOutputError(`MCP server '${toolboxId}' answered tool '${name}' with a malformed result (no content array)`)) };
  }
  if (r.isError === true) {
    return { ok: false, error: toWireError(new ToolExecutionError(name, toolboxId, { detail: textOf(r.content) || 'the MCP server reported an error without text' })) };
  }
  const sc = r.structuredContent;
  const structured = sc !== null && typeof sc === 'object' && !Array.isArray(sc);
  if (tool.output) {
    if (!structured) {
      return { ok: false, error: toWireError(new InvalidOutputError(`Tool '${name}' of MCP server '${toolboxId}' declares an outputSchema but returned no structuredContent object`)) };
    }
    const parsed = compileSchema(tool.output).parse(sc);
    if (!parsed.ok) {
      return { ok: false, error: toWireError(new InvalidOutputError(`Tool '${name}' of MCP server '${toolboxId}' returned output that fails its outputSchema`, { detail: parsed.problems.join('; ') })) };
    }
    return { ok: true, result: parsed.value as Record<string, unknown> };
  }
  return { ok: true, result: structured ? { content: r.content, structuredContent: sc } : { content: r.content } };
}

function textOf(content: unknown[]): string {
  return content
    .map((c) => (c && typeof c === 'object' && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}
