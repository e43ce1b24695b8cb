import { describe, expect, it } from 'vitest';
import { pyRepr } from '../pyRepr.js';
import { checkCommand } from './checkCommand.js';
import { parseCommand } from './parseCommand.js';
import { quoteGlob, quoteWord } from './quoteWord.js';
import { scanCommand } from './scanCommand.js';

describe('pyRepr', () => {
  it.each([
    ['rm', "'rm'"],
    ["it's", `"it's"`],
    [`a'b"c`, `'a\\'b"c'`],
    ['a\\b', "'a\\\\b'"],
    ['x\ny\t\0', "'x\\ny\\t\\x00'"],
    ['\u00a0\u2028é', "'\\xa0\\u2028é'"],
  ])('%j → %s', (input, expected) => expect(pyRepr(input)).toBe(expected));
});

describe('scanCommand', () => {
  it.each([
    'ls -la',
    "echo '$(x)' '`y`' '${z}'",
    'echo "cost: $ 5" "a$"',
    'echo "a \\$HOME \\`x\\`"',
    'echo 2 > x',
    'echo x2>y',
  ])('passes %j', (cmd) => expect(scanCommand(cmd)).toBeNull());

  it.each([
    ['echo $(id)', /command substitution/],
    ['echo "$(id)"', /command substitution/],
    ['echo $((1+1))', /command substitution/],
    ['echo `id`', /backticks/],
    ['echo $HOME', /variable expansion/],
    ['echo "${HOME}"', /variable expansion/],
    ['echo $?', /variable expansion/],
    ["echo $'x'", /ANSI-C/],
    ['ls\nid', /newlines/],
    ['ls 2>/dev/null', /file-descriptor/],
    ['ls 10<x', /file-descriptor/],
    ["echo 'x", /unbalanced single/],
    ['echo "x', /unbalanced double/],
    ['echo x\\', /trailing backslash/],
  ])('refuses %j', (cmd, why) => expect(scanCommand(cmd)).toMatch(why));
});

describe('parseCommand', () => {
  it('splits pipelines and lists into simple commands', () => {
    const r = parseCommand('a 1 | b && c || d; e;', false);
    expect(r.ok && r.list.joiners).toEqual(['|', '&&', '||', ';']);
    expect(r.ok && r.list.commands.map((c) => c.words.map((w) => (w.kind === 'word' ? w.value : w.pattern)))).toEqual([['a', '1'], ['b'], ['c'], ['d'], ['e']]);
  });

  it('keeps redirections when allowed', () => {
    const r = parseCommand("sort < in > 'out file' >> log", true);
    expect(r.ok && r.list.commands[0]!.redirects).toEqual([
      { op: '<', target: 'in' },
      { op: '>', target: 'out file' },
      { op: '>>', target: 'log' },
    ]);
    expect(parseCommand('sort >', true)).toMatchObject({ ok: false, reason: expect.stringMatching(/literal file name/) });
    expect(parseCommand('sort > *.txt', true)).toMatchObject({ ok: false });
  });

  it('refuses an empty command', () => {
    expect(parseCommand('   ', false)).toMatchObject({ ok: false, reason: 'the command is empty' });
  });
});

describe('quoting', () => {
  it('single-quotes words so sh expands nothing', () => {
    expect(quoteWord("it's $HOME `x`")).toBe("'it'\\''s $HOME `x`'");
  });
  it('escapes globs except * and ?', () => {
    expect(quoteGlob('a b*[c]?$')).toBe('\\a\\ \\b*\\[\\c\\]?\\$');
  });
});

describe('checkCommand', () => {
  const policy = { allowed: [['echo'], ['tr']], allowRedirections: false, cwd: '/', pathValue: '/usr/bin:/bin' };

  it('rebuilds the command from checked words with programs pinned to their PATH location', () => {
    const r = checkCommand(`echo "a b" 'c'"d" | tr a-z A-Z`, policy);
    expect(r).toEqual({ ok: true, script: "'/usr/bin/echo' 'a b' 'cd' | '/usr/bin/tr' 'a-z' 'A-Z'" });
  });

  it('ignores relative PATH entries when resolving', () => {
    expect(checkCommand('echo x', { ...policy, pathValue: '.:/usr/bin' })).toEqual({ ok: true, script: "'/usr/bin/echo' 'x'" });
  });

  it('refuses everything when the allowlist is malformed', () => {
    expect(checkCommand('echo x', { ...policy, allowed: null })).toMatchObject({ ok: false, code: 'not_permitted' });
  });

  it('checks every command of the list, not just the first', () => {
    expect(checkCommand('echo a | tr a b | cat', policy)).toEqual({
      ok: false,
      code: 'not_permitted',
      error: "Command not permitted by allowed_commands policy: 'cat'.",
    });
  });
});
