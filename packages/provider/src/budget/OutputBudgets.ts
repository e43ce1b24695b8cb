import type { WireError } from '@ovos-tools/core';
import type { Caller } from '../service/Caller.js';
import type { OutputTruncation } from '../service/InvokeOutcome.js';
import type { ResultPageOutcome, ResultPageRequest } from '../service/ResultPageRequest.js';
import { applyOutputBudget } from './applyOutputBudget.js';
import { budgetErrors } from './budgetErrors.js';
import type { ResultStore } from './ResultStore.js';
import { resultOwner } from '../access/callerKeys.js';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';

/** A page's `limit` when the request gives none (and the caller has no lower configured budget), in characters. */
export const DEFAULT_PAGE_CHARS = 100_000;

/** What {@link OutputBudgets} is built from. */
export interface OutputBudgetsOptions {
  /** Where cut results wait to be paged (a `MemoryResultStore`, or a shared store behind the same interface). */
  store: ResultStore;
  /** `max_output_chars` of the provider config: the budget when neither the request nor the agent sets one. */
  defaultMaxOutputChars?: number | undefined;
  /** An agent's own `max_output_chars` (`agents.<id>.max_output_chars`), if it has one. */
  agentMaxOutputChars?: (agentId: string) => number | undefined;
}

/** The budget of one call: a number of characters, or none (no limit). */
export type BudgetChoice =
  | {
      /** The budget is valid (or there is none). */
      ok: true;
      /** Most characters of the result's JSON; `undefined`: no limit. */
      maxChars: number | undefined;
    }
  | {
      /** The request's `max_output_chars` is not a valid budget. */
      ok: false;
      /** Names the accepted range (code `invalid_request`). */
      error: WireError;
    };

/** What {@link OutputBudgets.apply} answers: the result to send and how it was cut, or why no cut fits. */
export type BudgetedOutcome =
  | {
      /** There is a result to send. */
      ok: true;
      /** The result, or its cut copy. */
      result: Record<string, unknown>;
      /** Present when it was cut. */
      truncated?: OutputTruncation;
      /** Why the full result could not be kept for paging (for logs). */
      keepError?: WireError;
    }
  | {
      /** No cut fits the budget (and the output schema). */
      ok: false;
      /** What was wrong and how to fix it. */
      error: WireError;
    };

/**
 * Output budgets as the tool service applies them (issue 27): which budget a call has (the request's
 * `max_output_chars`, else the agent's, else the provider's), the cut of a result to it with the full result kept
 * for its owner ({@link resultOwner}), and the paging of kept results for that owner only.
 */
export class OutputBudgets {
  private readonly store: ResultStore;
  private readonly defaultMax: number | undefined;
  private readonly agentMax: (agentId: string) => number | undefined;

  constructor(options: OutputBudgetsOptions) {
    this.store = options.store;
    this.defaultMax = options.defaultMaxOutputChars;
    this.agentMax = options.agentMaxOutputChars ?? (() => undefined);
  }

  /**
   * The budget of a call: `requested` (checked: an integer from {@link MIN_OUTPUT_BUDGET_CHARS} to
   * {@link MAX_OUTPUT_BUDGET_CHARS}; `undefined` or `null` means not given), else the caller's configured one.
   */
  choose(caller: Caller, requested: unknown): BudgetChoice {
    if (requested === undefined || requested === null) return { ok: true, maxChars: this.configured(caller) };
    if (typeof requested !== 'number' || !Number.isInteger(requested) || requested < MIN_OUTPUT_BUDGET_CHARS || requested > MAX_OUTPUT_BUDGET_CHARS) {
      return { ok: false, error: budgetErrors.budgetOutOfRange(requested, MIN_OUTPUT_BUDGET_CHARS, MAX_OUTPUT_BUDGET_CHARS) };
    }
    return { ok: true, maxChars: requested };
  }

  /**
   * Cuts `result` to `maxChars` (valid against `outputSchema`) and, when it was cut, keeps the full result for
   * `caller`'s owner key; a caller with no owner key (see {@link resultOwner}) gets a marker without a handle.
   * Never rejects.
   */
  async apply(result: Record<string, unknown>, maxChars: number, outputSchema: object | undefined, caller: Caller): Promise<BudgetedOutcome> {
    const owner = resultOwner(caller);
    const budgeted = await applyOutputBudget(result, maxChars, { ...(outputSchema ? { outputSchema } : {}), ...(owner !== undefined ? { store: this.store, owner } : {}) });
    if (!budgeted.ok) return budgeted;
    const cut = budgeted.result as Record<string, unknown>;
    if (!budgeted.truncated) return { ok: true, result: cut };
    const marker = budgeted.truncated;
    const truncated: OutputTruncation = {
      originalChars: marker.original_chars,
      ...(marker.handle !== undefined ? { handle: marker.handle, expiresInS: marker.expires_in_s! } : {}),
      ...(marker.not_kept !== undefined ? { notKept: marker.not_kept } : {}),
    };
    return { ok: true, result: cut, truncated, ...(budgeted.keepError ? { keepError: budgeted.keepError } : {}) };
  }

  /**
   * One page of a kept result for the caller it was issued to. `offset` defaults to 0; `limit` to
   * {@link DEFAULT_PAGE_CHARS}, or the caller's configured budget when lower. A caller with no owner key hears that
   * the handle is unknown (it cannot own one).
   */
  async page(request: ResultPageRequest): Promise<ResultPageOutcome> {
    const caller = request.caller ?? { transport: 'in-process' };
    const { handle } = request;
    if (typeof handle !== 'string') return { ok: false, error: budgetErrors.handleNotString(handle), reason: 'unknown' };
    const owner = resultOwner(caller);
    if (owner === undefined) return { ok: false, error: budgetErrors.unknownHandle(handle), reason: 'unknown' };
    const offset = request.offset ?? 0;
    const configured = this.configured(caller);
    const limit = request.limit ?? Math.min(DEFAULT_PAGE_CHARS, configured ?? DEFAULT_PAGE_CHARS);
    return this.store.page(handle, owner, offset, limit);
  }

  /** Drops every kept result (on shutdown). */
  clear(): Promise<void> {
    return this.store.clear();
  }

  /** The caller's configured budget: its agent's, else the provider's. */
  private configured(caller: Caller): number | undefined {
    return (caller.agentId !== undefined ? this.agentMax(caller.agentId) : undefined) ?? this.defaultMax;
  }
}
