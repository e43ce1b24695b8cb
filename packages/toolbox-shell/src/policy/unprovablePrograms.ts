import path from 'node:path';
import { AWKS, inlineFamily, OPTION_RULES } from './argumentRules.js';
import { WRAPPER_PROGRAMS } from './checkCommand.js';

/**
 * Programs whose safety cannot be proven from their arguments, with why. They may not appear in
 * `allowed_commands` (also not as multi-word entries such as `"git status"`): the toolbox refuses to load.
 *
 * - git: runs programs named by options in every spelling (`-u'<cmd>'`, `-O'<cmd>'`, `-x'<cmd>'` attached
 *   values), by `-c`/`--config` after the subcommand, by aliases (`alias.x='!cmd'`), and by repository config
 *   (`core.fsmonitor`, `core.pager`, hooks, filters); `--output=` writes anywhere.
 * - find: `-exec`, `-execdir`, `-ok`, `-delete`, `-fprint*` act on any path it reaches.
 * - awk family, tar, rsync, ssh, scp, sort, zip, man, less, make: options (GNU long options also accept any
 *   unambiguous abbreviation) or programs in their input run other programs.
 * - interpreters and editors (sh/bash/..., python, node, perl, ruby, php, lua, vim, ...) and wrappers
 *   ({@link WRAPPER_PROGRAMS}: env, xargs, sudo, nice, timeout, ...): they run arbitrary code or programs.
 *
 * @param program - a program name or path from an `allowed_commands` entry.
 * @returns why it is refused (a phrase), or `null` when the program is not known to be unprovable.
 */
export function unprovableReason(program: string): string | null {
  const name = path.basename(program);
  if (name === 'git') return "git runs programs named in its options (attached -u/-O/-x values, -c after the subcommand, --config), aliases ('!cmd') and repository config (core.fsmonitor, hooks), and --output writes anywhere";
  if (name === 'find') return 'find -exec/-execdir/-ok run programs and -delete/-fprint act on any path it reaches';
  if (AWKS.has(name)) return 'awk programs can run commands (system(), pipes) and load extensions';
  if (name === 'make') return 'make runs the commands of any Makefile';
  if (name in OPTION_RULES) return `${name} has options that run other programs, and GNU long options accept abbreviations no list can cover`;
  if (inlineFamily(name) !== null) return `${name} runs arbitrary code (an interpreter or editor)`;
  if (WRAPPER_PROGRAMS.has(name)) return `${name} runs other programs by design`;
  return null;
}
