import { Type, type Static } from '@ovos-tools/core';
import type { MemoryResultStoreOptions } from './MemoryResultStore.js';
import { RESULT_STORE_DEFAULTS } from './resultStoreLimits.js';
import { ResultStoreSchema } from './resultStoreSchema.js';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';
import type { ReloadRule } from '../service/ReloadRule.js';
import type { SectionProblem } from '../service/readSection.js';

/** Output budgets' keys of the provider config (snake_case on disk). */
export const BudgetKeys = Type.Object({
  max_output_chars: Type.Optional(
    Type.Integer({
      minimum: MIN_OUTPUT_BUDGET_CHARS,
      maximum: MAX_OUTPUT_BUDGET_CHARS,
      description: 'Default most characters of a result JSON in an answer, for callers that set none (agents may set their own)',
    }),
  ),
  result_store: Type.Optional(ResultStoreSchema),
});

/** Output budgets and the result store (their part of the provider config). */
export interface BudgetSettings {
  /**
   * `max_output_chars`: the budget of a call whose caller sets none and whose agent has no `max_output_chars` of its
   * own; absent: no limit.
   */
  maxOutputChars: number | undefined;
  /** `result_store`: `{ttl_s, max_bytes, max_entries, max_bytes_per_caller, max_entries_per_caller}`, the limits of the result store (in memory, or in Redis with `state.redis`). */
  store: MemoryResultStoreOptions;
}

/**
 * The rule of `result_store` across its keys: one caller's share is at most the whole (`max_bytes_per_caller` ≤
 * `max_bytes`, `max_entries_per_caller` ≤ `max_entries`, each whole its default when not given).
 * @returns one problem per share above its whole (`result_store.max_bytes_per_caller: must be at most …`).
 */
export function resultStoreRules(s: Static<typeof BudgetKeys>['result_store']): SectionProblem[] {
  const problems: SectionProblem[] = [];
  const maxBytes = s?.max_bytes ?? RESULT_STORE_DEFAULTS.maxBytes;
  if (s?.max_bytes_per_caller !== undefined && s.max_bytes_per_caller > maxBytes) {
    problems.push({ path: 'result_store.max_bytes_per_caller', keyword: 'crossField', message: `must be at most result_store.max_bytes (${maxBytes}), received ${s.max_bytes_per_caller}` });
  }
  const maxEntries = s?.max_entries ?? RESULT_STORE_DEFAULTS.maxEntries;
  if (s?.max_entries_per_caller !== undefined && s.max_entries_per_caller > maxEntries) {
    problems.push({ path: 'result_store.max_entries_per_caller', keyword: 'crossField', message: `must be at most result_store.max_entries (${maxEntries}), received ${s.max_entries_per_caller}` });
  }
  return problems;
}

/** The {@link BudgetSettings} of keys read against {@link BudgetKeys} (seconds made ms); see {@link resultStoreRules}. */
export function budgetSettings(k: Static<typeof BudgetKeys>): BudgetSettings {
  const s = k.result_store ?? {};
  const maxEntries = s.max_entries ?? RESULT_STORE_DEFAULTS.maxEntries;
  return {
    maxOutputChars: k.max_output_chars,
    store: {
      ...(s.ttl_s !== undefined ? { ttlMs: s.ttl_s * 1000 } : {}),
      ...(s.max_bytes !== undefined ? { maxBytes: s.max_bytes } : {}),
      ...(s.max_entries !== undefined ? { maxEntries: s.max_entries } : {}),
      ...(s.max_bytes_per_caller !== undefined ? { maxBytesPerOwner: s.max_bytes_per_caller } : {}),
      ...(s.max_entries_per_caller !== undefined && s.max_entries_per_caller <= maxEntries ? { maxEntriesPerOwner: s.max_entries_per_caller } : {}),
    },
  };
}

/** How a reload applies the {@link BudgetSettings}: `max_output_chars` live; the result store's limits only at start. */
export const budgetReload: ReloadRule<BudgetSettings> = {
  restartOnly: [
    {
      key: 'result_store',
      why: 'the result store is made at start, with its limits',
      changed: (running, next) => JSON.stringify(running.store) !== JSON.stringify(next.store),
      keep: (running, next) => ({ ...next, store: running.store }),
    },
  ],
};
