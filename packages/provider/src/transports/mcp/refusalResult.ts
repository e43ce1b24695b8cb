import { ERROR_CODE_META_KEY } from './metaKeys.js';

/**
 * The one refusal → MCP mapper of a tool call (`tools/call`, `search_tools`): an `isError` `CallToolResult` whose text
 * is the refusal's error (what the model reads) and whose `_meta` carries its code under {@link ERROR_CODE_META_KEY},
 * plus `meta` (e.g. a confirmation's token and prompt). `refusal` is the service's `Refusal` (or any `{error}` of that
 * shape); `codeKey` is the `_meta` key of the code. A name the catalog does not have is the one refusal MCP answers as
 * a protocol error instead (`-32602`, see `callTool`).
 */
export function refusalResult(refusal: { error: { error: string; code: string } }, meta: Record<string, unknown> = {}, codeKey: string = ERROR_CODE_META_KEY): Record<string, unknown> {
  return { content: [{ type: 'text', text: refusal.error.error }], isError: true, _meta: { [codeKey]: refusal.error.code, ...meta } };
}
