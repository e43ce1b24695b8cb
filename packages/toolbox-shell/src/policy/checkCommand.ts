import path from 'node:path';
import { pyRepr } from '../pyRepr.js';
import { checkArguments } from './argumentRules.js';
import { confinePaths, type Confinement } from './confinePaths.js';
import { parseCommand, type SimpleCommand, type Word } from './parseCommand.js';
import { quoteGlob, quoteWord } from './quoteWord.js';
import { isExecutableFile, realpathOrNull, whichSync } from './resolveProgram.js';
import { scanCommand } from './scanCommand.js';

/** Shell builtins that run nothing else; allowed by name when no file of that name is on PATH (e.g. `cd`). */
export const SAFE_BUILTINS: ReadonlySet<string> = new Set(['cd', 'pwd', 'echo', 'printf', 'true', 'false', 'test', '[', ':']);

/**
 * Programs that run other programs (or arbitrary code) by design. They are refused unless they appear in
 * `allowed_commands`; listing one delegates the allowlist to it (e.g. allowing `env` permits `env rm`).
 */
export const WRAPPER_PROGRAMS: ReadonlySet<string> = new Set([
  'env', 'sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox', 'toybox', 'xargs', 'sudo', 'doas',
  'su', 'runuser', 'nice', 'ionice', 'nohup', 'timeout', 'time', 'command', 'builtin', 'exec', 'eval', 'source', '.', 'stdbuf',
  'setsid', 'chroot', 'flock', 'watch', 'strace', 'ltrace', 'gdb', 'script', 'unshare', 'nsenter', 'chrt', 'taskset', 'parallel',
  'python', 'python3', 'perl', 'ruby', 'node', 'php', 'lua', 'awk', 'gawk', 'find', 'git', 'ssh', 'make',
]);

/** What {@link checkCommand} needs to know. */
export interface CommandPolicy {
  /** Split `allowed_commands` entries; empty = no program check; `null` = malformed config, refuse everything. */
  allowed: string[][] | null;
  /** Whether `<`, `>` and `>>` to files are allowed (`allow_redirections`). */
  allowRedirections: boolean;
  /** The working directory relative program paths resolve against. */
  cwd: string;
  /** The child's PATH, used to resolve program names. */
  pathValue: string;
  /**
   * When set (commands run without a sandbox), every argument and redirection target must stay inside
   * `confine.root` and may not name `/proc`, `/sys` or `/dev` (see {@link confinePaths}).
   */
  confine?: Confinement;
}

/** The outcome of {@link checkCommand}: a script for `/bin/sh -c`, or the full `stderr` refusal text. */
export type CheckResult =
  | {
      /** Allowed. */
      ok: true;
      /** The command line to hand to `/bin/sh`, re-quoted from the parse. */
      script: string;
    }
  | {
      /** Refused. */
      ok: false;
      /** The complete stderr refusal text the caller sees. */
      error: string;
      /** `not_permitted` (policy) or `not_found` (no such program). */
      code: 'not_permitted' | 'not_found';
    };

const POLICY = 'Command not permitted by allowed_commands policy: ';

/**
 * The strict policy: scans and parses `command`, checks every simple command of the pipeline or list
 * against `allowed`, checks known argument-level escapes, and rebuilds the command line from the parsed
 * words so `/bin/sh` runs exactly what was checked (every word single-quoted, programs replaced by the
 * absolute path that was checked, globs escaped except `*` and `?`).
 *
 * Matching: an entry `git` matches a program word `git` (resolved on PATH), or a path word (`/usr/bin/git`,
 * `./git`) whose basename is `git` and whose real path is that of PATH's `git`. An absolute entry
 * `/usr/bin/git` matches words with the same basename and the same real path. Entries with more words
 * (`git status`) also require those words to follow the program.
 *
 * @returns `{ok:true, script}` or `{ok:false, error}` where `error` is the complete stderr text, e.g.
 *   `Command not permitted by allowed_commands policy: 'rm'.`
 */
export function checkCommand(command: string, policy: CommandPolicy): CheckResult {
  if (policy.allowed === null) {
    return refuse('allowed_commands in the toolbox config is malformed (expected a list of command names)');
  }
  const scanned = scanCommand(command);
  if (scanned) return refuse(scanned);
  const parsed = parseCommand(command, policy.allowRedirections);
  if (!parsed.ok) return refuse(parsed.reason);
  const parts: string[] = [];
  const { commands, joiners } = parsed.list;
  for (let i = 0; i < commands.length; i++) {
    const built = checkSimple(commands[i]!, policy);
    if (!built.ok) return built;
    parts.push(built.script);
    if (i < joiners.length) parts.push(joiners[i]!);
  }
  return { ok: true, script: parts.join(' ') };
}

function checkSimple(cmd: SimpleCommand, policy: CommandPolicy): CheckResult {
  const programWord = (cmd.words[0] as Extract<Word, { kind: 'word' }>).value;
  const args = cmd.words.slice(1).map((w) => (w.kind === 'word' ? w.value : null));
  let programPath: string | null = null;
  let name = path.basename(programWord);
  if (policy.allowed!.length > 0) {
    const match = matchProgram(programWord, args, policy);
    if (!match.ok) return match;
    programPath = match.path;
    name = match.name;
  }
  const why = checkArguments(name, args, policy.allowRedirections);
  if (why) return refuse(why);
  if (policy.confine) {
    const outside = confinePaths(cmd.words.slice(1), cmd.redirects.map((r) => r.target), policy.confine);
    if (outside) return refuse(outside);
  }
  const words = [programPath ?? programWord, ...cmd.words.slice(1)];
  let script = words.map((w) => (typeof w === 'string' ? quoteWord(w) : w.kind === 'word' ? quoteWord(w.value) : quoteGlob(w.pattern))).join(' ');
  if (name === 'sed' || name === 'gsed') script = script.replace(/^('[^']*')/, "$1 '--sandbox'");
  for (const r of cmd.redirects) script += ` ${r.op} ${quoteWord(r.target)}`;
  return { ok: true, script };
}

type Match = { ok: true; path: string | null; name: string } | Extract<CheckResult, { ok: false }>;

function matchProgram(word: string, args: ReadonlyArray<string | null>, policy: CommandPolicy): Match {
  const notPermitted = refuseExact(word);
  const isPath = word.includes('/');
  const base = path.basename(word);
  const wordFile = isPath ? path.resolve(policy.cwd, word) : whichSync(word, policy.pathValue);
  const wordReal = wordFile && isExecutableFile(wordFile) ? realpathOrNull(wordFile) : null;
  let sawNameMatch = false;
  for (const entry of policy.allowed!) {
    const [prog, ...prefix] = entry as [string, ...string[]];
    if (!prefix.every((p, i) => args[i] === p)) continue;
    if (prog.includes('/')) {
      if (!path.isAbsolute(prog) || path.basename(prog) !== base) continue;
      const entryReal = isExecutableFile(prog) ? realpathOrNull(prog) : null;
      if (entryReal && wordReal === entryReal) return { ok: true, path: wordFile!, name: base };
      continue;
    }
    if (prog !== base) continue;
    if (!isPath) {
      sawNameMatch = true;
      if (wordFile && wordReal) return { ok: true, path: wordFile, name: base };
      if (SAFE_BUILTINS.has(word)) return { ok: true, path: null, name: base };
      continue;
    }
    const onPath = whichSync(prog, policy.pathValue);
    const onPathReal = onPath ? realpathOrNull(onPath) : null;
    if (onPathReal && wordReal === onPathReal) return { ok: true, path: wordFile!, name: base };
  }
  if (sawNameMatch) return { ok: false, code: 'not_found', error: `Error executing command: ${pyRepr(word)} is allowed but was not found on PATH.` };
  return notPermitted;
}

function refuse(reason: string): Extract<CheckResult, { ok: false }> {
  return { ok: false, code: 'not_permitted', error: `${POLICY}${reason}.` };
}

function refuseExact(word: string): Extract<CheckResult, { ok: false }> {
  return { ok: false, code: 'not_permitted', error: `${POLICY}${pyRepr(word)}.` };
}
