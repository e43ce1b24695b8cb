/** A regular-expression literal of one character. */
const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A regular expression (JSON Schema `pattern` syntax, anchored) matching every string within `maxEdits` (0, 1 or 2)
 * insertions, deletions or substitutions of `key` — the key itself included. It is the alternation of `key` with
 * `maxEdits` edit slots placed every way: a slot on a character is `.?` (changed or gone), a slot between characters
 * is `.?` (one inserted), two slots together `.{0,2}`. Used by the published JSON Schema to refuse, as `serve` does,
 * a toolbox section whose name is a provider key misspelt (`confirmaton`, `htp`, `result_stor`).
 */
export function nearKeyPattern(key: string, maxEdits: 0 | 1 | 2 = 2): string {
  const slots = 2 * key.length + 1; // even: the gap before character slot/2; odd: character (slot-1)/2
  const alternatives = new Set<string>();
  const place = (chosen: number[]) => {
    let out = '';
    for (let p = 0; p < slots; p++) {
      const n = chosen.filter((c) => c === p).length;
      if (p % 2 === 0) out += n === 0 ? '' : n === 1 ? '.?' : '.{0,2}';
      else out += n === 0 ? literal(key[(p - 1) / 2]!) : n === 1 ? '.?' : '.{0,2}';
    }
    alternatives.add(out.replace(/\.\?\.\?/g, '.{0,2}'));
  };
  if (maxEdits === 0) place([]);
  for (let a = 0; a < slots && maxEdits >= 1; a++) {
    if (maxEdits === 1) place([a]);
    else for (let b = a; b < slots; b++) place([a, b]);
  }
  return `^(?:${[...alternatives].join('|')})$`;
}
