/** The most sentences one `.intent` line expands to (`(a|b) (c|d) …` multiplies fast); the first ones are kept. */
export const MAX_EXPANSIONS_PER_LINE = 32;
/** The longest `.intent` line read, in characters; a longer one is a problem and gives nothing. */
export const MAX_INTENT_LINE_CHARS = 500;
/** How deep `(…)` and `[…]` may nest in one line; deeper is a problem and the line gives nothing. */
export const MAX_INTENT_NESTING = 8;
/** Raw sentences enumerated per line before giving up on finding {@link MAX_EXPANSIONS_PER_LINE} distinct ones. */
const MAX_ENUMERATED = MAX_EXPANSIONS_PER_LINE * 4;
/** Counts of sentences saturate here (a line of 64 `(a|b)` groups is "more than a billion", not Infinity). */
const COUNT_CAP = 1e9;

/** A parsed `.intent` line: literal text, a `{slot}`, or a group of alternatives (`(a|b)`, `[optional]`). */
type IntentNode = { kind: 'text'; text: string } | { kind: 'slot' } | { kind: 'group'; options: IntentNode[][]; optional: boolean };

/** What one `.intent` line stands for (see {@link parseIntentLine}). */
export interface ParsedIntentLine {
  /** Its distinct sentences (whitespace collapsed, slots stripped), at most {@link MAX_EXPANSIONS_PER_LINE}. */
  sentences: string[];
  /** How many sentences the line expands to in full (saturating at 1e9); more than `sentences.length` when capped. */
  expansions: number;
  /** Why the line gives nothing or was cut, and what to fix (no line number: the caller adds where it is). */
  problem?: string;
}

/**
 * Parses and expands one line of an OVOS `.intent` file as OVOS (Padatious / `ovos-workshop`'s template expansion)
 * reads it: `(a|b|c)` is one of the alternatives, `[words]` is optional, `{slot}` is a value the user says (stripped
 * here: search learns from the words around it). Blank lines and `#` comments give none and no problem. One pass
 * over the characters builds the tree (linear in the line's length; no regular expression backtracks) and the
 * sentences are enumerated lazily, so no line costs more than `MAX_INTENT_LINE_CHARS` × `MAX_EXPANSIONS_PER_LINE`.
 * A line longer than {@link MAX_INTENT_LINE_CHARS}, brackets that do not balance or that nest deeper than
 * {@link MAX_INTENT_NESTING} give no sentence and a `problem`; a line expanding to more than
 * {@link MAX_EXPANSIONS_PER_LINE} sentences keeps the first ones and says so in `problem`. Never throws.
 */
export function parseIntentLine(line: string): ParsedIntentLine {
  if (line.length > MAX_INTENT_LINE_CHARS) {
    return { sentences: [], expansions: 0, problem: `is ${line.length} characters long, more than ${MAX_INTENT_LINE_CHARS}; write one short example request per line` };
  }
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return { sentences: [], expansions: 0 };
  const tree = parseTree(text);
  if ('problem' in tree) return { sentences: [], expansions: 0, problem: tree.problem };
  const expansions = countSeq(tree.nodes);
  const seen = new Set<string>();
  let enumerated = 0;
  for (const raw of expandSeq(tree.nodes, 0, '')) {
    const sentence = raw.replace(/\s+/g, ' ').trim();
    if (sentence !== '') seen.add(sentence);
    if (seen.size >= MAX_EXPANSIONS_PER_LINE || ++enumerated >= MAX_ENUMERATED) break;
  }
  const sentences = [...seen];
  if (expansions <= MAX_EXPANSIONS_PER_LINE) return { sentences, expansions };
  const many = expansions >= COUNT_CAP ? 'more than a billion' : String(expansions);
  return { sentences, expansions, problem: `expands to ${many} sentences; only the first ${sentences.length} are used; split it into lines of at most ${MAX_EXPANSIONS_PER_LINE} sentences each` };
}

/**
 * The example requests one line of an OVOS `.intent` file stands for (see {@link parseIntentLine}):
 * `what (time|hour) is it [in {city}]` → `what time is it in`, `what time is it`, `what hour is it in`, `what hour is it`.
 * A line with a problem that gives no sentence (unbalanced brackets, too long, nested too deep) gives none here.
 */
export function expandIntentLine(line: string): string[] {
  return parseIntentLine(line).sentences;
}

interface Frame {
  close: string;
  column: number;
  options: IntentNode[][];
  current: IntentNode[];
}

/** One pass over `text`: the tree of its nodes, or the first problem (unbalanced or too deeply nested brackets). */
function parseTree(text: string): { nodes: IntentNode[] } | { problem: string } {
  const root: Frame = { close: '', column: 0, options: [], current: [] };
  const stack: Frame[] = [root];
  const lastBrace = text.lastIndexOf('}');
  let literal = '';
  const flush = () => {
    if (literal !== '') stack[stack.length - 1]!.current.push({ kind: 'text', text: literal });
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const top = stack[stack.length - 1]!;
    if (c === '(' || c === '[') {
      flush();
      if (stack.length > MAX_INTENT_NESTING) return { problem: `brackets nest deeper than ${MAX_INTENT_NESTING} levels (column ${i + 1}); OVOS example requests need two or three` };
      stack.push({ close: c === '(' ? ')' : ']', column: i + 1, options: [], current: [] });
    } else if (c === ')' || c === ']') {
      flush();
      if (top.close !== c) {
        const open = c === ')' ? '(' : '[';
        return { problem: top.close === '' ? `'${c}' at column ${i + 1} closes nothing; remove it or add the '${open}' it closes` : `'${c}' at column ${i + 1} closes the '${top.close === ')' ? '(' : '['}' of column ${top.column}; close that one with '${top.close}' first` };
      }
      stack.pop();
      top.options.push(top.current);
      stack[stack.length - 1]!.current.push({ kind: 'group', options: top.options, optional: c === ']' });
    } else if (c === '|' && stack.length > 1) {
      flush();
      top.options.push(top.current);
      top.current = [];
    } else if (c === '{' && i < lastBrace) {
      flush();
      top.current.push({ kind: 'slot' });
      i = text.indexOf('}', i);
    } else {
      literal += c;
    }
  }
  flush();
  if (stack.length > 1) {
    const open = stack[stack.length - 1]!;
    return { problem: `the '${open.close === ')' ? '(' : '['}' at column ${open.column} is never closed; close it with '${open.close}' or remove it` };
  }
  return { nodes: root.current };
}

/** How many sentences a sequence expands to, saturating at {@link COUNT_CAP}. */
function countSeq(nodes: readonly IntentNode[]): number {
  let n = 1;
  for (const node of nodes) {
    if (node.kind !== 'group') continue;
    let alternatives = node.optional ? 1 : 0;
    for (const option of node.options) alternatives = Math.min(COUNT_CAP, alternatives + countSeq(option));
    n = Math.min(COUNT_CAP, n * Math.max(1, alternatives));
  }
  return n;
}

/** The sentences of `nodes[i…]` after `prefix`, in order, lazily (every path yields one: no dead branch to search). */
function* expandSeq(nodes: readonly IntentNode[], i: number, prefix: string): Generator<string> {
  let at = i;
  let text = prefix;
  while (at < nodes.length && nodes[at]!.kind !== 'group') {
    const node = nodes[at]!;
    text += node.kind === 'text' ? node.text : ' ';
    at++;
  }
  if (at === nodes.length) {
    yield text;
    return;
  }
  const group = nodes[at] as Extract<IntentNode, { kind: 'group' }>;
  for (const option of group.options) {
    for (const middle of expandSeq(option, 0, text)) yield* expandSeq(nodes, at + 1, middle);
  }
  if (group.optional) yield* expandSeq(nodes, at + 1, text);
}
