import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import type { OutputTruncation } from '../../service/InvokeOutcome.js';
import type { ResultPageOutcome } from '../../service/ResultPageRequest.js';
import { truncatedJson } from '../budgetJson.js';
import { ERROR_CODE_META_KEY, TRUNCATED_META_KEY } from './metaKeys.js';

/** URIs of kept results: `ovos-tools://results/<handle>`, with `?offset=…&limit=…` for one page. */
export const RESULT_URI_PREFIX = 'ovos-tools://results/';

/** Characters per store page while a whole result is read (the default store pages up to 1,000,000). */
const WHOLE_READ_PAGE_CHARS = 100_000;

/**
 * A successful `CallToolResult` whose result was cut: `_meta` gets {@link TRUNCATED_META_KEY} and, when the full
 * result was kept, `content` gets a `resource_link` to it (`ovos-tools://results/<handle>`, read with
 * `resources/read` on the same server).
 */
export function withTruncation(result: Record<string, unknown>, truncated: OutputTruncation, toolName: string): Record<string, unknown> {
  const meta = { ...((result._meta as Record<string, unknown> | undefined) ?? {}), [TRUNCATED_META_KEY]: truncatedJson(truncated) };
  if (truncated.handle === undefined) return { ...result, _meta: meta };
  const link = {
    type: 'resource_link',
    uri: `${RESULT_URI_PREFIX}${truncated.handle}`,
    name: `${toolName} result`,
    title: `The full result of ${toolName}`,
    description: `The result was cut to max_output_chars; the full JSON has ${truncated.originalChars} characters. Read it with resources/read (append ?offset=N&limit=M for one page) within ${truncated.expiresInS} s.`,
    mimeType: 'application/json',
  };
  return { ...result, content: [...((result.content as unknown[]) ?? []), link], _meta: meta };
}

/**
 * Serves kept results as MCP resources on `server` (capability `resources`): `resources/read` of
 * `ovos-tools://results/<handle>` answers the full result's JSON text (`application/json`), and of
 * `…?offset=N&limit=M` one page of it (`text/plain`, with `org.openvoiceos/next_offset` and `total_chars` in the
 * content's `_meta`), through {@link ToolService.readResult}: only for the caller the handle was issued to.
 * `resources/list` is empty (results are reached through the links of the answers that were cut);
 * `resources/templates/list` names the URI template. An unknown, expired or evicted handle is a resource-not-found
 * error; another caller's handle, or a bad range, an invalid-params error with our text and code.
 */
export function registerResultResources(server: Server, service: ToolService, caller: Caller): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }) as never);
  server.setRequestHandler(
    'resources/templates/list',
    () =>
      ({
        resourceTemplates: [
          {
            uriTemplate: `${RESULT_URI_PREFIX}{handle}{?offset,limit}`,
            name: 'tool-result',
            title: 'The full result of a tool call cut to max_output_chars',
            description: 'From the resource_link of a cut answer; only the caller it was issued to may read it, for expires_in_s seconds.',
            mimeType: 'application/json',
          },
        ],
      }) as never,
  );
  server.setRequestHandler('resources/read', async (request) => {
    const uri = String((request.params as { uri?: unknown }).uri ?? '');
    const parsed = parseResultUri(uri);
    if (!parsed) throw new ResourceNotFoundError(uri, `Unknown resource ${JSON.stringify(uri.slice(0, 200))}: this server serves the results of cut answers only, ${RESULT_URI_PREFIX}<handle>`);
    if (parsed.offset !== undefined || parsed.limit !== undefined) {
      const page = refusedOrPage(uri, await service.readResult({ handle: parsed.handle, ...pageRange(parsed), caller }));
      const meta = { 'org.openvoiceos/next_offset': page.nextOffset, 'org.openvoiceos/total_chars': page.totalChars };
      return { contents: [{ uri, mimeType: 'text/plain', text: page.text, _meta: meta }] } as never;
    }
    let text = '';
    for (let offset: number | null = 0; offset !== null; ) {
      const page = refusedOrPage(uri, await service.readResult({ handle: parsed.handle, offset, limit: WHOLE_READ_PAGE_CHARS, caller }));
      text += page.text;
      offset = page.nextOffset;
    }
    return { contents: [{ uri, mimeType: 'application/json', text }] } as never;
  });
}

/** The handle and range of a result URI, or `undefined` when `uri` is not one. Range values stay as sent (the service checks them). */
function parseResultUri(uri: string): { handle: string; offset?: string; limit?: string } | undefined {
  if (!uri.startsWith(RESULT_URI_PREFIX)) return undefined;
  const [path, query = ''] = uri.slice(RESULT_URI_PREFIX.length).split('?', 2) as [string, string?];
  if (path === '') return undefined;
  const params = new URLSearchParams(query);
  return {
    handle: decodeURIComponent(path),
    ...(params.has('offset') ? { offset: params.get('offset')! } : {}),
    ...(params.has('limit') ? { limit: params.get('limit')! } : {}),
  };
}

function pageRange(parsed: { offset?: string; limit?: string }): { offset?: number; limit?: number } {
  const num = (v: string) => (/^-?\d{1,16}$/.test(v) ? Number(v) : (v as unknown as number));
  return { ...(parsed.offset !== undefined ? { offset: num(parsed.offset) } : {}), ...(parsed.limit !== undefined ? { limit: num(parsed.limit) } : {}) };
}

/** The page, or the MCP error for its refusal. */
function refusedOrPage(uri: string, page: ResultPageOutcome): Extract<ResultPageOutcome, { ok: true }> {
  if (page.ok) return page;
  if (page.reason === 'unknown' || page.reason === 'expired' || page.reason === 'evicted') throw new ResourceNotFoundError(uri, page.error.error);
  const code = page.reason === 'unavailable' ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
  throw new ProtocolError(code, page.error.error, { [ERROR_CODE_META_KEY]: page.error.code });
}
