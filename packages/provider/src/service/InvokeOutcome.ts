import type { WireError } from '@ovos-tools/core';
import type { ConfirmationRequest } from './ConfirmationRequest.js';
import type { Refusal } from './Refusal.js';

/**
 * How a result was cut to the caller's budget (the answer envelope's `truncated: {"original_chars", "handle",
 * "expires_in_s"}` on the wire, never inside the result).
 */
export interface OutputTruncation {
  /** Length of the full result's JSON text, in UTF-16 code units. */
  originalChars: number;
  /** Pages the full result ({@link ToolService.readResult}); absent when it could not be kept (no owner, too large). */
  handle?: string;
  /** Seconds the handle stays valid from now; present with `handle`. */
  expiresInS?: number;
  /**
   * Why the full result was not kept, when its store refused it (`not_kept` on the wire): the store's error code,
   * `state_unavailable` (shared state down) or `overloaded` (too large to keep).
   */
  notKept?: string;
}

/** The outcome of one invocation: a result or an error, who ran it and how long it took (ms, 3 decimals). */
export type InvokeOutcome =
  | {
      /** The tool returned. */
      ok: true;
      /** Its output, validated against its output schema (cut to the caller's budget when `truncated` is present). */
      result: Record<string, unknown>;
      /** The toolbox that ran it. */
      toolboxId: string;
      /** Time from arrival at the service to the outcome, in ms (3 decimals). */
      latencyMs: number;
      /** Present when the result was cut to the caller's `max_output_chars`. */
      truncated?: OutputTruncation;
    }
  | ({
      /** The call failed or was refused (the fields of the service's one verdict type, `Refusal`). */
      ok: false;
      /** What the caller sees: `{error, code}`. */
      error: WireError;
      /** The toolbox that would have run it, when the tool was found. */
      toolboxId?: string;
      /** Time from arrival at the service to the outcome, in ms (3 decimals). */
      latencyMs: number;
      /** For `rate_limited` (and `state_unavailable`): when the caller's agent may try a call again, in ms from now, if known. */
      retryAfterMs?: number;
      /** For `confirmation_required`: the question to ask and the token that runs the call once confirmed. */
      confirmation?: ConfirmationRequest;
    } & Refusal);
