/**
 * How a problem text shows the value it received: JSON (`"x"`, `3.5`, `[1,2]`), `nothing` for `undefined`,
 * `NaN`/`Infinity` as such, cut to 60 characters (ending `...`). A long array or string is cut before it is
 * written out, so showing a hostile input costs as little as showing a small one.
 */
export function previewValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const head = Array.isArray(value) && value.length > PREVIEW_ITEMS ? value.slice(0, PREVIEW_ITEMS) : typeof value === 'string' && value.length > PREVIEW_CHARS ? value.slice(0, PREVIEW_CHARS) : value;
  let text: string;
  try {
    text = JSON.stringify(head) ?? String(head);
  } catch {
    text = String(head);
  }
  return text.length > 60 || head !== value ? `${text.slice(0, 57)}...` : text;
}

/** Elements of an array, and characters of a string, a preview writes out at most (more than 60 characters' worth). */
const PREVIEW_ITEMS = 60;
const PREVIEW_CHARS = 80;
