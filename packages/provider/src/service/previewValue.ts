/**
 * How an error text shows a value a caller sent: JSON (`"x"`, `3.5`, `[1,2]`), `nothing` for `undefined`, cut to
 * `maxChars` characters ending `...`, so a hostile 10 kB value is never echoed whole. Never throws (a value JSON
 * cannot show, such as a cycle or a BigInt, reads as its `Object.prototype.toString` tag).
 */
export function previewValue(value: unknown, maxChars = 60): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > maxChars ? `${text.slice(0, maxChars - 3)}...` : text;
}
