/**
 * The `_meta` keys ovos-tools reads and writes on MCP messages, reverse-DNS prefixed as MCP asks of `_meta` keys.
 * @module
 */

/** The `_meta` key on error results carrying our machine error code (`invalid_arguments`, `timeout`, …). */
export const ERROR_CODE_META_KEY = 'org.openvoiceos/error_code';

/**
 * The `tools/call` `_meta` key of a caller's output budget (the OVOS/HTTP `max_output_chars`): the most characters of
 * the result's JSON in the answer, an integer from 106 to 2^31 - 1. It needs no argument, so any tool takes it.
 */
export const MAX_OUTPUT_CHARS_META_KEY = 'org.openvoiceos/max_output_chars';

/**
 * The `_meta` key of a `CallToolResult` whose result was cut to the caller's budget:
 * `{"original_chars": N, "handle": "res_…", "expires_in_s": S}` (the OVOS/HTTP `truncated` member).
 */
export const TRUNCATED_META_KEY = 'org.openvoiceos/truncated';
