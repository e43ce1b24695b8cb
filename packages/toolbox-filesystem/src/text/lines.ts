/** Line boundaries as Python's `str.splitlines()` treats them. */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** Splits text into lines like Python `str.splitlines()` (no trailing empty line after a final newline). */
export function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
