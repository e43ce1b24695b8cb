/**
 * A quote-aware lexical pass over the raw command line that catches what `shell-quote` lets through
 * silently: NUL/CR/LF, unbalanced quotes, backticks, every `$` expansion (`$X`, `${X}`, `$(...)`,
 * `$((...))`, `$'...'`, `$?`) outside single quotes, a trailing backslash, and file-descriptor
 * redirections such as `2>` (which `shell-quote` splits into a separate `2` word).
 *
 * @param command - the raw `command` argument.
 * @returns a refusal reason (a phrase, no trailing period), or `null` when nothing was found.
 */
export function scanCommand(command: string): string | null {
  let state: 'none' | 'single' | 'double' = 'none';
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === '\0') return 'NUL bytes are not allowed';
    if (c === '\n' || c === '\r') return "newlines are not allowed; put the command on one line and join commands with ';' or '&&'";
    if (state === 'single') {
      if (c === "'") state = 'none';
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= command.length) return 'a trailing backslash is not allowed';
      const next = command[i + 1]!;
      if (next === '\0' || next === '\n' || next === '\r') continue; // reported on the next turn
      i++;
      continue;
    }
    if (c === '`') return 'command substitution with backticks is not allowed; run the inner command separately';
    if (c === '$') {
      const why = dollarReason(command[i + 1], state === 'double');
      if (why) return why;
      continue;
    }
    if (state === 'double') {
      if (c === '"') state = 'none';
      continue;
    }
    if (c === "'") state = 'single';
    else if (c === '"') state = 'double';
    else if (/[0-9]/.test(c) && atWordStart(command, i)) {
      let j = i;
      while (j < command.length && /[0-9]/.test(command[j]!)) j++;
      if (command[j] === '<' || command[j] === '>') {
        return `file-descriptor redirections such as '${command.slice(i, j + 1)}' are not supported; stderr is returned separately`;
      }
      i = j - 1;
    }
  }
  if (state !== 'none') return `unbalanced ${state === 'single' ? 'single' : 'double'} quote; close every quote you open`;
  return null;
}

function dollarReason(next: string | undefined, inDouble: boolean): string | null {
  if (next === undefined || /\s/.test(next) || (inDouble && next === '"')) return null;
  if (next === '(') return "command substitution ('$(...)') is not allowed; run the inner command separately";
  if (next === "'") return "ANSI-C quoting ($'...') is not supported; use plain single quotes";
  if (next === '"') return "locale quoting ($\"...\") is not supported; use plain double quotes";
  if (next === '{' || /[A-Za-z0-9_@*#?$!-]/.test(next)) {
    return 'variable expansion ($NAME, ${NAME}) is not allowed; write the value literally';
  }
  return null;
}

function atWordStart(s: string, i: number): boolean {
  return i === 0 || /[\s;&|()<>]/.test(s[i - 1]!);
}
