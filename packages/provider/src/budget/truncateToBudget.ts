import { compileSchema, type WireError } from '@ovos-tools/core';
import { budgetErrors } from './budgetErrors.js';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';
import { CUT_MARK, Cutter, MAX_CUT_DEPTH, type Fitted, type Json } from './Cutter.js';
import { isObject } from './schemaKeywords.js';

/** What {@link truncateToBudget} answers. */
export type TruncateOutcome =
  | {
      /** The result fits (as it was, or cut). */
      ok: true;
      /** The result to send: the original when it fit, otherwise a cut copy (plain JSON data). */
      result: unknown;
      /** Whether the result was cut. */
      truncated: boolean;
      /** `JSON.stringify` length of the original result (UTF-16 code units): the marker's `original_chars`. */
      originalChars: number;
      /** `JSON.stringify` length of the returned result; at most `maxChars`. */
      chars: number;
      /** The original result's JSON text when it was cut (what a result store keeps for paging); absent otherwise. */
      originalText?: string;
    }
  | {
      /** The budget is invalid, or no cut fits it (and the schema). */
      ok: false;
      /** What was wrong and how to fix it. */
      error: WireError;
    };

/**
 * Cuts a JSON result at JSON-aware boundaries so that `JSON.stringify` of the cut result is at most `maxChars`
 * characters (UTF-16 code units, as JavaScript counts `length`):
 * - a result that already fits is returned as it is (`truncated: false`);
 * - long strings are shortened, ending with {@link CUT_MARK} (never splitting a surrogate pair); strings whose schema
 *   has `enum`, `const`, `format` or `pattern` are kept whole or not at all, and `minLength` is respected;
 * - arrays keep their first items whole, the last kept item possibly cut, and at least the schema's `minItems`;
 * - objects keep every key while the budget allows their smallest form, the room left shared out so small values
 *   stay whole and large ones are cut evenly; when even that does not fit, optional keys are dropped from the end
 *   (keys the schema `required` never);
 * - nesting deeper than {@link MAX_CUT_DEPTH} is kept whole if it fits, else emptied.
 * With `outputSchema`, the cut result is validated with core's validator ({@link compileSchema}); when no cut matches
 * the schema, or nothing fits at all, the answer is an error value saying so. `maxChars` must be an integer from
 * {@link MIN_OUTPUT_BUDGET_CHARS} (the size of the `truncated` marker itself) to {@link MAX_OUTPUT_BUDGET_CHARS}.
 * Never throws.
 */
export function truncateToBudget(result: unknown, maxChars: number, outputSchema?: object): TruncateOutcome {
  if (typeof maxChars !== 'number' || !Number.isInteger(maxChars) || maxChars < MIN_OUTPUT_BUDGET_CHARS || maxChars > MAX_OUTPUT_BUDGET_CHARS) {
    return { ok: false, error: budgetErrors.budgetOutOfRange(maxChars, MIN_OUTPUT_BUDGET_CHARS, MAX_OUTPUT_BUDGET_CHARS) };
  }
  let text: string | undefined;
  let json: Json;
  try {
    text = JSON.stringify(result);
    if (text === undefined) return { ok: false, error: budgetErrors.notSerialisable(`${typeof result} is not a JSON value`) };
    if (text.length <= maxChars) return { ok: true, result, truncated: false, originalChars: text.length, chars: text.length };
    json = JSON.parse(text) as Json; // plain JSON from here on: toJSON applied, undefined dropped, NaN as null
  } catch (err) {
    return { ok: false, error: budgetErrors.notSerialisable(err instanceof Error ? err.message : String(err)) };
  }
  const originalChars = text.length;
  const schema = isObject(outputSchema) ? outputSchema : undefined;
  let cut: Fitted | null;
  try {
    cut = new Cutter().fit(json, maxChars, schema, 0);
  } catch (err) {
    return { ok: false, error: budgetErrors.notSerialisable(err instanceof Error ? err.message : String(err)) };
  }
  if (cut === null) return { ok: false, error: budgetErrors.cannotFit(maxChars, originalChars) };
  const chars = JSON.stringify(cut.value).length;
  if (chars > maxChars) return { ok: false, error: { error: `RuntimeError: cutting the result overshot its budget (${chars} > ${maxChars} characters)`, code: 'internal' } };
  if (schema) {
    const checked = compileSchema(schema).parse(cut.value);
    if (!checked.ok) return { ok: false, error: budgetErrors.cannotFitSchema(maxChars, originalChars, checked.problems) };
  }
  return { ok: true, result: cut.value, truncated: true, originalChars, chars, originalText: text };
}
