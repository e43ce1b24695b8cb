/** The most sentences one `.intent` line expands to (`(a|b) (c|d) …` multiplies fast); the first ones are kept. */
export const MAX_EXPANSIONS_PER_LINE = 32;

/**
 * The example requests one line of an OVOS `.intent` file stands for, as OVOS (Padatious / `ovos-workshop`'s
 * template expansion) reads it: `(a|b|c)` is one of the alternatives, `[words]` is optional, `{slot}` is a value
 * the user says (stripped here: search learns from the words around it). Blank lines and `#` comments give none.
 * `what (time|hour) is it [in {city}]` → `what time is it`, `what time is it in`, `what hour is it`, `what hour is it in`.
 * Brackets that do not close are read as plain text. At most `MAX_EXPANSIONS_PER_LINE` (32) sentences.
 */
export function expandIntentLine(line: string): string[] {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return [];
  let sentences = [''];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '(' || c === '[') {
      const close = matching(text, i);
      if (close > i) {
        const options = splitTop(text.slice(i + 1, close)).flatMap((alt) => expandIntentLine(alt).concat(alt.trim() === '' ? [''] : []));
        if (c === '[') options.push('');
        sentences = cross(sentences, options.length ? options : ['']);
        i = close + 1;
        continue;
      }
    }
    if (c === '{') {
      const close = text.indexOf('}', i);
      if (close > i) {
        sentences = sentences.map((s) => `${s} `);
        i = close + 1;
        continue;
      }
    }
    sentences = sentences.map((s) => s + c);
    i++;
  }
  return [...new Set(sentences.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean))];
}

/** The index of the bracket closing the one at `open`, or -1. */
function matching(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c in pairs) stack.push(pairs[c]!);
    else if (c === ')' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Splits on `|` outside nested brackets. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function cross(heads: string[], tails: string[]): string[] {
  const out: string[] = [];
  for (const h of heads) for (const t of tails) if (out.length < MAX_EXPANSIONS_PER_LINE) out.push(`${h}${t}`);
  return out;
}
