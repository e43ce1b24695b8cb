import shellQuote from 'shell-quote';

/** One word of a simple command: a literal string, or a glob pattern (`*`/`?` outside quotes) left to `/bin/sh`. */
export type Word =
  | {
      /** A literal word. */
      kind: 'word';
      /** Its text, quotes removed. */
      value: string;
    }
  | {
      /** A glob the shell expands. */
      kind: 'glob';
      /** The pattern, e.g. `*.txt`. */
      pattern: string;
    };

/** A file redirection the strict parser can express: `<`, `>` or `>>` to a literal file name. */
export interface Redirect {
  /** Read from (`<`), write to (`>`) or append to (`>>`) the file. */
  op: '<' | '>' | '>>';
  /** The file name. */
  target: string;
}

/** One simple command: its words (program first) and redirections. */
export interface SimpleCommand {
  /** Its words, the program first. */
  words: Word[];
  /** Its file redirections, in order. */
  redirects: Redirect[];
}

/** The operators that may join simple commands. */
export type Joiner = '|' | '&&' | '||' | ';';

/** A parsed command line: `commands[i]` is followed by `joiners[i]` (one fewer joiner than commands). */
export interface CommandList {
  /** The simple commands, left to right. */
  commands: SimpleCommand[];
  /** The operators between them. */
  joiners: Joiner[];
}

/** The outcome of {@link parseCommand}. */
export type ParseResult =
  | {
      /** The strict parser understood the line. */
      ok: true;
      /** What it parsed. */
      list: CommandList;
    }
  | {
      /** It did not (an operator or construct outside the strict grammar). */
      ok: false;
      /** What it could not accept. */
      reason: string;
    };

const JOINERS = new Set<string>(['|', '&&', '||', ';']);
const FILE_REDIRECTS = new Set<string>(['<', '>', '>>']);

/** Shell keywords that would start grouping, loops or conditionals if they reached `/bin/sh` unquoted. */
export const SHELL_KEYWORDS: ReadonlySet<string> = new Set([
  '!', '{', '}', '[[', ']]', 'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'while', 'until',
  'do', 'done', 'in', 'function', 'select', 'coproc',
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * Parses a command line (already passed by `scanCommand`) with `shell-quote` into simple commands joined
 * by `|`, `&&`, `||` or `;`. Refuses everything else the strict policy does not express: subshells and
 * grouping, process substitution, background `&`, here-documents, fd redirections (`>&`, `&>`, `<>`, `>|`),
 * case terminators, comments, variables, leading `VAR=value` assignments, shell keywords and globs in
 * command position, and — unless `allowRedirections` — `<`, `>` and `>>`.
 *
 * @returns the parsed list, or a refusal reason (a phrase, no trailing period).
 */
export function parseCommand(command: string, allowRedirections: boolean): ParseResult {
  let tokens: ReturnType<typeof shellQuote.parse>;
  try {
    tokens = shellQuote.parse(command, (key: string) => (key === '' ? '$' : { op: 'var', name: key }));
  } catch (err) {
    return { ok: false, reason: `the command could not be parsed (${(err as Error).message})` };
  }
  const commands: SimpleCommand[] = [];
  const joiners: Joiner[] = [];
  let current: SimpleCommand = { words: [], redirects: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (typeof t === 'string') {
      current.words.push({ kind: 'word', value: t });
      continue;
    }
    if ('comment' in t) return { ok: false, reason: "comments ('#') are not allowed; quote a literal '#'" };
    const op = (t as { op: string }).op;
    if (op === 'glob') {
      current.words.push({ kind: 'glob', pattern: (t as { pattern: string }).pattern });
      continue;
    }
    if (JOINERS.has(op)) {
      if (current.words.length === 0) return { ok: false, reason: `'${op}' must follow a command` };
      commands.push(current);
      joiners.push(op as Joiner);
      current = { words: [], redirects: [] };
      continue;
    }
    if (FILE_REDIRECTS.has(op)) {
      if (!allowRedirections) return { ok: false, reason: `redirections ('${op}') are not allowed (allow_redirections=False)` };
      const target = tokens[i + 1];
      if (typeof target !== 'string' || target === '') {
        return { ok: false, reason: `'${op}' must be followed by a literal file name (no globs or operators)` };
      }
      current.redirects.push({ op: op as Redirect['op'], target });
      i++;
      continue;
    }
    return { ok: false, reason: describeOperator(op) };
  }
  if (current.words.length === 0) {
    const last = joiners[joiners.length - 1];
    if (last !== ';' || current.redirects.length > 0) {
      return { ok: false, reason: commands.length === 0 ? 'the command is empty' : `the command ends with '${last}'; complete it` };
    }
    joiners.pop(); // a trailing ';' is harmless
  } else commands.push(current);
  for (const cmd of commands) {
    const why = checkCommandPosition(cmd.words[0]!);
    if (why) return { ok: false, reason: why };
  }
  return { ok: true, list: { commands, joiners } };
}

function checkCommandPosition(first: Word): string | null {
  if (first.kind === 'glob') return `globs in command position ('${first.pattern}') are not allowed`;
  const w = first.value;
  if (w === '') return 'an empty program name is not allowed';
  if (ASSIGNMENT.test(w)) return `variable assignments before a command ('${w}') are not allowed`;
  if (SHELL_KEYWORDS.has(w)) return `the shell keyword '${w}' is not allowed (no grouping, loops or conditionals)`;
  return null;
}

function describeOperator(op: string): string {
  switch (op) {
    case 'var':
      return 'variable expansion is not allowed; write the value literally';
    case '(':
    case ')':
      return "subshells and grouping ('(...)') are not allowed";
    case '<(':
    case '>(':
      return `process substitution ('${op}...)') is not allowed`;
    case '&':
      return "background execution ('&') is not allowed";
    case '<<':
    case '<<-':
    case '<<<':
      return `here-documents and here-strings ('${op}') are not allowed`;
    case '|&':
      return "'|&' is not supported; stderr is returned separately";
    case ';;':
    case ';&':
    case ';;&':
      return `case terminators ('${op}') are not allowed`;
    default:
      return `the '${op}' redirection is not supported`;
  }
}
