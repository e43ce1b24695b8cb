/**
 * The range of an output budget (`max_output_chars`) and the sizes its `truncated` marker is made of: the vocabulary
 * the service, access control (an agent's own budget) and the output budgets share.
 */

/** Characters of a result handle: `res_` and 22 base64url characters (128 random bits). */
export const RESULT_HANDLE_CHARS = 26;
/** The longest time a result store may keep a result, in seconds (1 day). */
export const MAX_RESULT_TTL_S = 86_400;

/**
 * The size, in characters, of the largest possible `"truncated":{…}` member (largest safe integer, longest TTL): the
 * envelope's own size. A `max_output_chars` below it is refused, since the marker alone would outgrow the result.
 */
export const MIN_OUTPUT_BUDGET_CHARS: number = `"truncated":${JSON.stringify({
  original_chars: Number.MAX_SAFE_INTEGER,
  handle: 'x'.repeat(RESULT_HANDLE_CHARS),
  expires_in_s: MAX_RESULT_TTL_S,
})}`.length;

/** The largest `max_output_chars` accepted (2^31 - 1): beyond it a budget means "no limit". */
export const MAX_OUTPUT_BUDGET_CHARS = 2_147_483_647;
