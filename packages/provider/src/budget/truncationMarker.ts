/**
 * The `truncated` member of an answer envelope whose result was cut to the caller's budget (issue 27), exactly as it
 * goes on the wire (snake_case): `truncated: {"original_chars": N, "handle": "…", "expires_in_s": S}`, or, when the
 * full result could not be kept, `truncated: {"original_chars": N, "not_kept": "state_unavailable"}`. It sits in the
 * answer envelope next to the result, never inside the tool's result.
 */
export interface TruncationMarker {
  /** Length of the full result's JSON text, in UTF-16 code units (what `JSON.stringify(result).length` gives). */
  original_chars: number;
  /** Pages the full result (`ovos.tools.result.get`); absent when the full result could not be kept (see the store's caps). */
  handle?: string;
  /** Seconds the handle stays valid from now; present with `handle`. */
  expires_in_s?: number;
  /**
   * Why the full result was not kept, when the store refused it: the store's error code — `state_unavailable` (the
   * shared store, Redis, cannot be reached now) or `overloaded` (larger than the store keeps for one caller). Absent
   * with `handle`, and when the caller cannot own a handle (an OVOS bus message naming neither agent nor session).
   */
  not_kept?: string;
}

/**
 * Builds the marker for a result of `originalChars` characters whose full text is kept under `handle` for
 * `expiresInS` seconds (both omitted when it could not be kept; then `notKept`, when given, says why).
 */
export function truncationMarker(originalChars: number, kept?: { handle: string; expiresInS: number }, notKept?: string): TruncationMarker {
  if (kept) return { original_chars: originalChars, handle: kept.handle, expires_in_s: kept.expiresInS };
  return notKept !== undefined ? { original_chars: originalChars, not_kept: notKept } : { original_chars: originalChars };
}
