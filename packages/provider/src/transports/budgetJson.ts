import type { OvosTruncationMarkerData, ToolsResultGetResponseData } from '@ovos-tools/core';
import { truncationMarker } from '../budget/truncationMarker.js';
import type { OutputTruncation } from '../service/InvokeOutcome.js';
import type { ResultPageOutcome } from '../service/ResultPageRequest.js';

/**
 * The answer envelope's `truncated: {"original_chars", "handle", "expires_in_s"}` (handle and expiry only when the full
 * result was kept; else `not_kept` when the store said why).
 */
export function truncatedJson(truncated: OutputTruncation): OvosTruncationMarkerData {
  return truncationMarker(truncated.originalChars, truncated.handle !== undefined ? { handle: truncated.handle, expiresInS: truncated.expiresInS ?? 0 } : undefined, truncated.notKept);
}

/**
 * A page of a kept result, the same body on the OVOS bus (`ovos.tools.result.get.response`) and HTTP
 * (`GET /internal/tools/results/{handle}`): `{handle, text, offset, next_offset, total_chars}`, or `{handle, error,
 * code}`; `handle` is echoed as sent.
 */
export function resultPageJson(handle: unknown, page: ResultPageOutcome): ToolsResultGetResponseData {
  if (!page.ok) return { handle: handle ?? null, error: page.error.error, code: page.error.code };
  return { handle: handle as string, text: page.text, offset: page.offset, next_offset: page.nextOffset, total_chars: page.totalChars };
}
