import type { WireError } from '@ovos-tools/core';
import type { ResultStore } from './ResultStore.js';
import { truncateToBudget } from './truncateToBudget.js';
import { truncationMarker, type TruncationMarker } from './truncationMarker.js';

/** What {@link applyOutputBudget} needs beside the result and the budget. */
export interface OutputBudgetOptions {
  /** The tool's output schema: the cut result must still match it. */
  outputSchema?: object;
  /** Where the full result is kept for paging; without it the marker has no handle. */
  store?: ResultStore;
  /** Whose result it is (the caller's key, e.g. its agent id): only this owner may page it. Required with `store`. */
  owner?: string;
}

/** What {@link applyOutputBudget} answers: the result to send and, when it was cut, the envelope's `truncated` member. */
export type BudgetedResult =
  | {
      /** There is a result to send. */
      ok: true;
      /** The original result, or its cut copy. */
      result: unknown;
      /** Present when the result was cut: goes in the answer envelope, beside the result. */
      truncated?: TruncationMarker;
      /** Why the full result could not be kept for paging (the marker then has no handle); for logs. */
      keepError?: WireError;
    }
  | {
      /** The budget is invalid, or no cut fits it. */
      ok: false;
      /** What was wrong (see {@link truncateToBudget}). */
      error: WireError;
    };

/**
 * Applies a caller's `max_output_chars` to one tool result: {@link truncateToBudget}, and when the result was cut,
 * keeps its full JSON text in `store` for `owner` and builds the envelope's
 * `truncated: {"original_chars": N, "handle": "…", "expires_in_s": S}`. When the store cannot keep it (too large, or a
 * shared store that cannot be reached), the cut result is still answered — the tool has run; refusing now would
 * invite running it again — with `truncated: {"original_chars": N, "not_kept": "<the store's error code>"}`. Never rejects.
 */
export async function applyOutputBudget(result: unknown, maxChars: number, options: OutputBudgetOptions = {}): Promise<BudgetedResult> {
  const cut = truncateToBudget(result, maxChars, options.outputSchema);
  if (!cut.ok) return cut;
  if (!cut.truncated || cut.originalText === undefined) return { ok: true, result: cut.result };
  if (!options.store || options.owner === undefined) return { ok: true, result: cut.result, truncated: truncationMarker(cut.originalChars) };
  const kept = await options.store.put(options.owner, cut.originalText);
  if (!kept.ok) return { ok: true, result: cut.result, truncated: truncationMarker(cut.originalChars, undefined, kept.error.code), keepError: kept.error };
  return { ok: true, result: cut.result, truncated: truncationMarker(cut.originalChars, { handle: kept.handle, expiresInS: kept.expiresInS }) };
}
