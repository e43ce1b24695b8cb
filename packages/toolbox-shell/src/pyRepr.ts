/**
 * Formats a string the way Python's `repr()` does, so refusal texts match OVOS byte for byte
 * (e.g. `Command not permitted by allowed_commands policy: 'rm'.`).
 *
 * Single quotes unless the text contains `'` and no `"`; backslash, the chosen quote, `\n`, `\r` and `\t`
 * are escaped; other non-printable characters (Unicode categories C and Z except the plain space) become
 * `\xNN`, `\uNNNN` or `\UNNNNNNNN`.
 *
 * @param text - any string.
 * @returns the quoted form, e.g. `pyRepr("it's")` → `"it's"`.
 */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + quote;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) out += escapeCodePoint(ch.codePointAt(0)!);
    else out += ch;
  }
  return out + quote;
}

const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

function escapeCodePoint(cp: number): string {
  if (cp <= 0xff) return '\\x' + cp.toString(16).padStart(2, '0');
  if (cp <= 0xffff) return '\\u' + cp.toString(16).padStart(4, '0');
  return '\\U' + cp.toString(16).padStart(8, '0');
}
