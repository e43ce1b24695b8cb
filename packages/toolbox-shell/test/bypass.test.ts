import fs from 'node:fs';
import path from 'node:path';
import { ShellToolBox } from '@ovos-tools/toolbox-shell';
import { buildChildEnv } from '../src/exec/childEnv.js';
import { checkCommand } from '../src/policy/checkCommand.js';
import { silentLogger } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSpy, tempDir } from './helpers.js';

const POLICY = 'Command not permitted by allowed_commands policy: ';

let dir: string;
let M: string; // the marker every payload would create
const spy = spawnSpy();
let box: ShellToolBox;

beforeAll(() => {
  dir = tempDir('ovos-shell-bypass-');
  M = path.join(dir, 'pwned');
  const touch = fs.realpathSync('/usr/bin/touch');
  fs.copyFileSync(touch, path.join(dir, 'ls')); // ./ls is really touch
  fs.chmodSync(path.join(dir, 'ls'), 0o755);
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.symlinkSync(touch, path.join(dir, 'bin', 'echo')); // bin/echo -> touch
  fs.writeFileSync(path.join(dir, 'data.txt'), 'hello\n');
  box = new ShellToolBox({
    logger: silentLogger,
    spawn: spy.fn,
    config: { allow_shell: true, root_path: dir, allowed_commands: SAFE_LIST },
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the toolbox may list; the programs with argument rules below cannot be listed at all (the toolbox refuses to load). */
const SAFE_LIST = ['ls', 'echo', 'cat', 'tr', 'grep'];
const UNPROVABLE_LIST = ['git', 'find', 'awk', 'python3', 'perl', 'node', 'bash', 'tar'];
const unprovableProgram = (command: string) => UNPROVABLE_LIST.find((p) => command.startsWith(`${p} `));

/** Each attempt's payload would create the marker file `M` if anything ran it. */
const corpus: Array<[string, () => string, RegExp | string]> = [
  ['list ;', () => `ls; touch ${M}`, `${POLICY}'touch'.`],
  ['list &&', () => `ls && touch ${M}`, `${POLICY}'touch'.`],
  ['list ||', () => `ls || touch ${M}`, `${POLICY}'touch'.`],
  ['pipe to an unlisted program', () => `ls | touch ${M}`, `${POLICY}'touch'.`],
  ['pipe into sh', () => `echo touch ${M} | sh`, `${POLICY}'sh'.`],
  ['$() substitution', () => `echo $(touch ${M})`, /command substitution/],
  ['$() inside double quotes', () => `echo "$(touch ${M})"`, /command substitution/],
  ['backticks', () => `echo \`touch ${M}\``, /backticks/],
  ['backticks inside double quotes', () => `ls "\`touch ${M}\`"`, /backticks/],
  ['newline-separated', () => `ls\ntouch ${M}`, /newlines/],
  ['carriage return', () => `ls\rtouch ${M}`, /newlines/],
  ['NUL byte', () => `ls\0; touch ${M}`, /NUL/],
  ['sh -c', () => `sh -c 'touch ${M}'`, `${POLICY}'sh'.`],
  ['bash -c (bash is listed)', () => `bash -c 'touch ${M}'`, /inline code/],
  ['bash -ec cluster', () => `bash -ec 'touch ${M}'`, /inline code/],
  ['env wrapper', () => `env touch ${M}`, `${POLICY}'env'.`],
  ['leading assignment', () => `X=1 touch ${M}`, /variable assignments/],
  ['PATH assignment before a listed program', () => `PATH=${dir} ls ${M}`, /variable assignments/],
  ['git -c alias with !', () => `git -c alias.x='!touch ${M}' x`, /git '-c'/],
  ['git -c core.pager', () => `git -c core.pager='touch ${M}' log`, /git '-c'/],
  ['git --config-env', () => `git --config-env=core.pager=HOME log`, /--config-env/],
  ['git config writes an alias', () => `git config alias.x '!touch ${M}'`, /git config may only read/],
  ['git upload-pack', () => `git clone --upload-pack='touch ${M}' x y`, /upload-pack/],
  ['git ext:: transport', () => `git clone 'ext::sh -c touch% ${M}' y`, /ext::/],
  ['git rebase --exec', () => `git rebase --exec 'touch ${M}' HEAD`, /--exec/],
  ['find -exec', () => `find . -exec touch ${M} ;`, /'-exec'/],
  ['find -exec with escaped ;', () => `find . -exec touch ${M} \\;`, /'-exec'/],
  ['find -execdir', () => `find . -execdir touch ${M} +`, /'-execdir'/],
  ['find -ok', () => `find . -ok touch ${M} ;`, /'-ok'/],
  ['find -fprint writes', () => `find . -fprint ${M}`, /-fprint/],
  ['awk system()', () => `awk 'BEGIN{system("touch ${M}")}'`, /system\(\)/],
  ['awk pipe to command', () => `awk 'BEGIN{print | "sh"}'`, /system\(\)/],
  ['awk -f program file', () => `awk -f ${M}.awk`, /awk option '-f'/],
  ['python -c', () => `python3 -c "open('${M}','w')"`, /inline code/],
  ['python -Ic cluster', () => `python3 -Ic "open('${M}','w')"`, /inline code/],
  ['perl -e', () => `perl -e 'open(F,">${M}")'`, /inline code/],
  ['perl -ne cluster', () => `perl -ne 'open(F,">${M}")' /dev/null`, /inline code/],
  ['node -e', () => `node -e "require('fs').writeFileSync('${M}','')"`, /inline code/],
  ['node --eval=', () => `node --eval="require('fs').writeFileSync('${M}','')"`, /inline code/],
  ['tar --to-command', () => `tar -xf x.tar --to-command='touch ${M}'`, /--to-command/],
  ['glob that could expand to an option of tar', () => `tar -xf x.tar *`, /unquoted globs in tar arguments/],
  ['glob that could expand to -exec for find', () => `find . -name *.txt`, /unquoted globs in find arguments/],
  ['quoting tricks: adjacent quotes', () => `'tou''ch' ${M}`, `${POLICY}'touch'.`],
  ['quoting tricks: double quotes', () => `"touch" ${M}`, `${POLICY}'touch'.`],
  ['quoting tricks: leading backslash', () => `\\touch ${M}`, `${POLICY}'touch'.`],
  ['quoting tricks: inner backslash', () => `t\\ouch ${M}`, `${POLICY}'touch'.`],
  ['absolute path to an unlisted program', () => `/usr/bin/touch ${M}`, `${POLICY}'/usr/bin/touch'.`],
  ['relative ./ls that is a copy of touch', () => `./ls ${M}`, `${POLICY}'./ls'.`],
  ['bin/echo symlinked to touch', () => `bin/echo ${M}`, `${POLICY}'bin/echo'.`],
  ['redirect >', () => `ls > ${M}`, /redirections \('>'\)/],
  ['redirect >>', () => `ls >> ${M}`, /redirections \('>>'\)/],
  ['redirect <', () => 'cat < /etc/passwd', /redirections \('<'\)/],
  ['fd redirect 2>', () => `ls 2>${M}`, /file-descriptor/],
  ['&> redirect', () => `ls &> ${M}`, /'&>'/],
  ['>| clobber', () => `ls >| ${M}`, /'>\|'/],
  ['background &', () => `touch ${M} &`, /background/],
  ['background then list', () => `ls & touch ${M}`, /background/],
  ['subshell', () => `(touch ${M})`, /subshells/],
  ['brace group', () => `{ touch ${M}; }`, /keyword '\{'/],
  ['process substitution <()', () => `cat <(touch ${M})`, /process substitution/],
  ['process substitution >()', () => `ls >(touch ${M})`, /process substitution/],
  ['variable in command position', () => `$X ${M}`, /variable expansion/],
  ['${IFS} word splitting', () => `ls\${IFS}${M}`, /variable expansion/],
  ['$HOME argument', () => 'ls $HOME', /variable expansion/],
  ["ANSI-C quoting $'...'", () => `$'\\x74ouch' ${M}`, /ANSI-C/],
  ['here-document', () => 'cat <<EOF', /here-documents/],
  ['here-string', () => `cat <<< ${M}`, /here-documents/],
  ['xargs', () => `echo ${M} | xargs touch`, `${POLICY}'xargs'.`],
  ['exec builtin', () => `exec touch ${M}`, `${POLICY}'exec'.`],
  ['eval builtin', () => `eval touch ${M}`, `${POLICY}'eval'.`],
  ['command builtin', () => `command touch ${M}`, `${POLICY}'command'.`],
  ['nohup', () => `nohup touch ${M}`, `${POLICY}'nohup'.`],
  ['timeout', () => `timeout 1 touch ${M}`, `${POLICY}'timeout'.`],
  ['nice', () => `nice touch ${M}`, `${POLICY}'nice'.`],
  ['time', () => `time touch ${M}`, `${POLICY}'time'.`],
  ['sudo', () => `sudo touch ${M}`, `${POLICY}'sudo'.`],
  ['busybox', () => `busybox touch ${M}`, `${POLICY}'busybox'.`],
  ['glob in command position', () => `/usr/bin/tou?h ${M}`, /globs in command position/],
  ['case terminator', () => `ls;; touch ${M}`, /case terminators/],
  ['negation keyword', () => `! touch ${M}`, /keyword '!'/],
  ['if/then', () => `if ls; then touch ${M}; fi`, /keyword 'if'/],
  ['|& pipe', () => `ls |& touch ${M}`, /'\|&'/],
  ['unbalanced quote', () => `echo 'x; touch ${M}`, /unbalanced single quote/],
  ['comment hiding', () => `ls # ; touch ${M}`, /comments/],
  ['escaped space making one word', () => `touch\\ ${M}`, /^Command not permitted by allowed_commands policy: 'touch \/.*\/pwned'\.$/],
  ['trailing operator', () => 'ls &&', /ends with '&&'/],
  ['leading operator', () => `; touch ${M}`, /must follow a command/],
];

describe('bypass corpus: refused with no process started', () => {
  it('has at least 30 attempts', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus)('%s', async (_label, make, expected) => {
    const before = spy.calls.length;
    const out = await box.callTool('run_command', { command: make(), cwd: dir });
    expect(out.returncode).toBe(-1);
    expect(out.success).toBe(false);
    expect(out.stdout).toBe('');
    const unlisted = unprovableProgram(make());
    if (unlisted) expect(out.stderr).toBe(`${POLICY}'${unlisted}'.`);
    else if (typeof expected === 'string') expect(out.stderr).toBe(expected);
    else {
      expect(out.stderr.startsWith(POLICY)).toBe(true);
      expect(out.stderr).toMatch(expected);
    }
    expect(spy.calls.length).toBe(before); // no process started
    expect(fs.existsSync(M)).toBe(false);
  });

  it('never created the marker and never spawned anything during the whole corpus', () => {
    expect(fs.existsSync(M)).toBe(false);
    expect(spy.calls).toEqual([]);
  });
});

describe('programs that cannot be proven safe are refused at start-up, naming the entry and why', () => {
  it.each([...UNPROVABLE_LIST, 'git status', 'env', 'xargs', 'sh', 'gawk', 'make', 'rsync', '/usr/bin/find'])('%s', (entry) => {
    expect(() => new ShellToolBox({ logger: silentLogger, config: { allow_shell: true, root_path: dir, allowed_commands: ['ls', entry] } })).toThrow(
      new RegExp(`^ovos-shell-tools config 'allowed_commands': '${entry.replace(/[/.]/g, '\\$&')}' is refused: .+\\. These programs cannot be proven safe`),
    );
  });
});

describe('argument rules still hold for direct checkCommand callers (defense in depth)', () => {
  const policy = () => ({ allowed: [...SAFE_LIST, ...UNPROVABLE_LIST].map((e) => [e]), allowRedirections: false, cwd: dir, pathValue: buildChildEnv(['PATH']).PATH! });
  const cases = corpus.filter(([, make]) => unprovableProgram(make()));
  it.each(cases)('%s', (_label, make, expected) => {
    const r = checkCommand(make(), policy());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(expected);
  });
});

describe('things that look dangerous but are literal text once checked', () => {
  it("runs single-quoted $(...) as a literal argument, not a substitution", async () => {
    const out = await box.callTool('run_command', { command: `echo '$(touch ${M})' '\`touch ${M}\`'`, cwd: dir });
    expect(out).toMatchObject({ returncode: 0, success: true, stdout: `$(touch ${M}) \`touch ${M}\`\n` });
    expect(fs.existsSync(M)).toBe(false);
  });

  it('a tab-separated word is just an argument of the listed program', async () => {
    const out = await box.callTool('run_command', { command: `echo\ttouch ${M}`, cwd: dir });
    expect(out.stdout).toBe(`touch ${M}\n`);
    expect(fs.existsSync(M)).toBe(false);
  });

  it('braces and keywords outside command position stay arguments', async () => {
    const out = await box.callTool('run_command', { command: `echo { if ; echo }`, cwd: dir });
    expect(out.stdout).toBe('{ if\n}\n');
  });
});
