import type { WireError } from '@ovos-tools/core';
import type { Caller } from './Caller.js';
import type { OutputTruncation } from './InvokeOutcome.js';

/** A page of a result that was cut to a budget ({@link ToolService.readResult}); values are checked at run time. */
export interface ResultPageRequest {
  /** The `handle` of an {@link OutputTruncation}. */
  handle: string;
  /** First character of the page (UTF-16 code unit of the full result's JSON); default 0. */
  offset?: number;
  /** Most characters of the page; default 100,000, or the caller's configured `max_output_chars` when lower. */
  limit?: number;
  /** Who asks: only the caller the handle was issued to may read it (see `resultOwner`). */
  caller?: Caller;
}

/**
 * Why a page was refused, for transports that map it to a status (HTTP 404, 410, 403, 400, 503): `unavailable` when
 * the handle is kept in shared state (Redis, `state.redis`) that cannot be reached now (code `state_unavailable`).
 */
export type ResultPageRefusal = 'unknown' | 'expired' | 'evicted' | 'forbidden' | 'invalid_range' | 'unavailable';

/** What {@link ToolService.readResult} answers. */
export type ResultPageOutcome =
  | {
      /** The slice is here. */
      ok: true;
      /** The characters `[offset, offset + text.length)` of the full result's JSON text. */
      text: string;
      /** Where the slice starts. */
      offset: number;
      /** Where the next slice starts, or `null` at the end. Pages never split a surrogate pair. */
      nextOffset: number | null;
      /** Length of the full result's JSON text. */
      totalChars: number;
    }
  | {
      /** Refused. */
      ok: false;
      /** What was wrong (`invalid_request`; `forbidden` for another caller's handle, showing none of it). */
      error: WireError;
      /** The kind of refusal. */
      reason: ResultPageRefusal;
    };
