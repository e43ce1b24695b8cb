/**
 * Argument-level escapes: options that make an allowed program run other code, checked even when the
 * program itself is allowed (a best-effort list of the escapes known to us; see the README's residual risks).
 *
 * @param program - the program's basename, e.g. `git`.
 * @param args - its arguments after the program word (globs as `null`).
 * @param allowRedirections - whether file writes through `find -fprint` and the like count as allowed.
 * @returns a refusal reason (a phrase, no trailing period), or `null`.
 */
export function checkArguments(program: string, args: ReadonlyArray<string | null>, allowRedirections: boolean): string | null {
  const guarded = program === 'git' || program === 'find' || AWKS.has(program) || inlineFamily(program) !== null || program in OPTION_RULES;
  if (guarded && args.includes(null)) {
    return `unquoted globs in ${program} arguments are not allowed (a file name could become an option); quote the pattern`;
  }
  if (program === 'git') return checkGit(args);
  if (program === 'find') return checkFind(args, allowRedirections);
  if (AWKS.has(program)) return checkAwk(args);
  const inline = inlineCodeFlag(program, args);
  if (inline) return `'${program} ${inline}' runs inline code and is not allowed; run a script file instead`;
  const rule = OPTION_RULES[program];
  if (rule) {
    for (const a of args) {
      if (a === null) continue;
      if (rule.some((r) => (r.endsWith('=') ? a.startsWith(r) || a === r.slice(0, -1) : a === r))) {
        return `the option '${a}' of ${program} can run other programs and is not allowed`;
      }
    }
  }
  return null;
}

/** Programs whose inline-code flags are refused; value: short option letters and long options. */
const INLINE: Record<string, { short: string; long: string[] }> = {
  sh: { short: 'c', long: [] },
  python: { short: 'c', long: [] },
  perl: { short: 'eE', long: [] },
  ruby: { short: 'e', long: [] },
  node: { short: 'epr', long: ['--eval', '--print', '--require', '--import', '--loader', '--experimental-loader'] },
  php: { short: 'rRBEaF', long: [] },
  lua: { short: 'el', long: [] },
  Rscript: { short: 'e', long: [] },
  osascript: { short: 'e', long: [] },
  vim: { short: 'cS', long: ['--cmd'] },
};

/** The inline-code family of an interpreter or editor name (`sh`, `python`, `node`, ...), or `null`. */
export function inlineFamily(program: string): string | null {
  if (/^(sh|bash|dash|zsh|ksh|mksh|ash|fish|csh|tcsh)$/.test(program)) return 'sh';
  if (/^(python|pypy)[0-9.]*$/.test(program)) return 'python';
  if (/^(node|nodejs|bun|deno|tsx|ts-node)$/.test(program)) return 'node';
  if (/^(perl)[0-9.]*$/.test(program)) return 'perl';
  if (/^(ruby)[0-9.]*$/.test(program)) return 'ruby';
  if (/^(php)[0-9.]*$/.test(program)) return 'php';
  if (/^(lua|luajit)[0-9.]*$/.test(program)) return 'lua';
  if (/^(vi|vim|nvim|view|ex|gvim)$/.test(program)) return 'vim';
  if (program in INLINE) return program;
  return null;
}

/** The first inline-code option before the script operand, e.g. `-c` for `python3 -c ...`. */
function inlineCodeFlag(program: string, args: ReadonlyArray<string | null>): string | null {
  const family = inlineFamily(program);
  if (!family) return null;
  const rule = INLINE[family]!;
  for (const a of args) {
    if (a === null) return null;
    if (family === 'vim' && a.startsWith('+')) return a;
    if (family === 'node' && a === 'eval') return a; // deno eval
    if (a === '--' || !a.startsWith('-') || a === '-') return null;
    if (a.startsWith('--')) {
      if (rule.long.some((l) => a === l || a.startsWith(l + '='))) return a;
      continue;
    }
    if ([...a.slice(1)].some((ch) => rule.short.includes(ch))) return a;
  }
  return null;
}

/** Options (exact, or prefixes ending in `=`) that run programs, per program. */
export const OPTION_RULES: Readonly<Record<string, string[]>> = {
  tar: ['--to-command=', '--checkpoint-action=', '--use-compress-program=', '-I', '--info-script=', '--new-volume-script=', '-F', '--rsh-command=', '--rmt-command='],
  rsync: ['-e', '--rsh=', '--rsync-path='],
  ssh: ['-o', '-F', '-S'],
  scp: ['-o', '-F', '-S'],
  sort: ['--compress-program='],
  zip: ['-TT', '--unzip-command='],
  man: ['-P', '--pager=', '-H', '--html='],
  less: ['--lesskey-file=', '-k'],
};

export const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);

function checkAwk(args: ReadonlyArray<string | null>): string | null {
  for (const a of args) {
    if (a === null) continue;
    if (/^-(f|E|i|l)/.test(a) || /^--(file|exec|include|load)(=|$)/.test(a)) {
      return `the awk option '${a}' loads program files or extensions and is not allowed`;
    }
    if (/\bsystem\s*\(|\|/.test(a)) return "awk programs that run commands (system() or '|') are not allowed";
    if (/@load|@include/.test(a)) return 'awk @load/@include is not allowed';
  }
  return null;
}

function checkFind(args: ReadonlyArray<string | null>, allowRedirections: boolean): string | null {
  for (const a of args) {
    if (a === null) return 'globs in find arguments are not allowed; quote the pattern';
    if (/^-(exec|execdir|ok|okdir)$/.test(a)) return `find '${a}' runs other programs and is not allowed`;
    if (!allowRedirections && /^-(fprint|fprint0|fprintf|fls)$/.test(a)) return `find '${a}' writes files and is not allowed (allow_redirections=False)`;
  }
  return null;
}

/** git global options that take a separate value. */
const GIT_GLOBAL_WITH_VALUE = new Set(['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--list-cmds']);

function checkGit(args: ReadonlyArray<string | null>): string | null {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) return 'globs in git options are not allowed; quote the pattern';
    if (a === '-c' || a.startsWith('--config-env') || a.startsWith('--exec-path=')) {
      return `git '${a}' changes configuration on the command line (aliases, pagers, hooks) and is not allowed`;
    }
    if (!a.startsWith('-')) break;
    if (GIT_GLOBAL_WITH_VALUE.has(a)) i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  for (const a of rest) {
    if (a === null) continue;
    if (/^--(upload-pack|receive-pack|exec|extcmd|open-files-in-pager|config-env)(=|$)/.test(a) || /^--[a-z-]*-cmd(=|$)/.test(a)) {
      return `the git option '${a}' runs other programs and is not allowed`;
    }
    if (/^(ext|fd)::/.test(a)) return `the git transport '${a.slice(0, 5)}' runs other programs and is not allowed`;
  }
  const hasShort = (letter: string) => rest.some((a) => a !== null && /^-[A-Za-z]+$/.test(a) && a.includes(letter));
  switch (sub) {
    case 'config':
      if (!rest.some((a) => a !== null && /^(--get|--get-all|--get-regexp|--list|-l|get|list)$/.test(a))) {
        return 'git config may only read settings (--get, --list); writing config can define aliases that run programs';
      }
      return null;
    case 'rebase':
      return hasShort('x') ? "git rebase '-x' runs other programs and is not allowed" : null;
    case 'difftool':
    case 'mergetool':
      return hasShort('x') || hasShort('t') || rest.some((a) => a !== null && /^--tool(=|$)/.test(a)) ? `git ${sub} with a custom tool is not allowed` : null;
    case 'grep':
      return hasShort('O') ? "git grep '-O' runs a pager and is not allowed" : null;
    case 'clone':
    case 'fetch':
    case 'ls-remote':
    case 'archive':
    case 'pull':
      return hasShort('u') && sub !== 'fetch' && sub !== 'pull' ? `git ${sub} '-u' (upload-pack) runs other programs and is not allowed` : null;
    case 'bisect':
      return rest[0] === 'run' ? 'git bisect run runs other programs and is not allowed' : null;
    case 'submodule':
      return rest.includes('foreach') ? 'git submodule foreach runs other programs and is not allowed' : null;
    case 'filter-branch':
    case 'filter-repo':
      return `git ${sub} runs other programs and is not allowed`;
    default:
      return null;
  }
}
