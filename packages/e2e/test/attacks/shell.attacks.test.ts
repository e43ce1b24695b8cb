import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startInEmptyHome, type HomeProvider } from './load.home.js';

// Issue 13, findings 2–4 replayed over the real bus against the real provider: git/find escapes, reading the
// provider's environment through /proc, and a command too large for execve. Markers prove nothing ran.
const SECRET = `SECRET_${Date.now()}_e2e_provider_env`;
const conf = (shell: Record<string, unknown>) => JSON.stringify({ PHAL: { 'ovos-phal-plugin-tools': { 'ovos-shell-tools': { allow_shell: true, ...shell } } } });

function gitAndFindEscapes(marker: string, outside: string): string[] {
  return [
    `git clone -u'touch ${marker}' x y`,
    `git grep --no-index -O'touch ${marker}' foo`,
    `git difftool -y -x'touch ${marker}' HEAD`,
    `git config alias.x '!touch ${marker}'`,
    'git x',
    `git clone -c alias.y='!touch ${marker}' x y`,
    `git clone --config core.fsmonitor='touch ${marker}' x y`,
    `git diff --no-index --output=${marker} a b`,
    `find ${outside} -delete`,
  ];
}

describe('git and find in allowed_commands', () => {
  let p: HomeProvider;
  beforeAll(async () => {
    p = await startInEmptyHome({ files: { '.config/mycroft/mycroft.conf': conf({ allowed_commands: ['ls', 'git', 'find'] }) } });
  });
  afterAll(() => p?.stop());

  test('the shell toolbox refuses to load, naming each entry and why; every escape finds no run_command', async () => {
    const reload = (await p.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[]; problems: Array<{ error: string }> };
    expect(reload.loaded).not.toContain('ovos-shell-tools');
    const problem = reload.problems.map((x) => x.error).join('\n');
    expect(problem).toMatch(/ovos-shell-tools config 'allowed_commands': 'git' is refused: git runs programs .*; 'find' is refused: find -exec/);
    const outside = path.join(p.base, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'keep.txt'), 'keep');
    for (const command of gitAndFindEscapes(p.marker, outside)) {
      const r = await p.invoke('run_command', { command });
      expect(r.error, command).toBe("Unknown tool: 'run_command'");
    }
    expect(existsSync(p.marker)).toBe(false);
    expect(existsSync(path.join(outside, 'keep.txt'))).toBe(true);
  });
});

describe.each([
  ['auto (bubblewrap where it works)', {}],
  ['none (no sandbox)', { sandbox: 'none' }],
])('listed read-only programs, sandbox %s', (_label, sandbox) => {
  let p: HomeProvider;
  let outside: string;
  beforeAll(async () => {
    p = await startInEmptyHome({
      env: { OVOS_PROVIDER_SECRET: SECRET },
      files: { '.config/mycroft/mycroft.conf': conf({ allowed_commands: ['cat', 'grep', 'ls', 'echo'], ...sandbox }) },
    });
    outside = path.join(p.base, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'keep.txt'), 'keep');
  });
  afterAll(() => p?.stop());

  test('git and find escapes are refused by the allowlist', async () => {
    for (const command of gitAndFindEscapes(p.marker, outside)) {
      const r = await p.invoke('run_command', { command });
      expect(r.result!.stderr, command).toMatch(/^Command not permitted by allowed_commands policy: '(git|find)'\.$/);
    }
    expect(existsSync(p.marker)).toBe(false);
    expect(existsSync(path.join(outside, 'keep.txt'))).toBe(true);
  });

  test("listed cat/grep cannot read the provider's environment through /proc", async () => {
    const pid = p.serve.proc.pid!;
    const answers = [];
    for (const command of [
      'grep -aoh SECRET /proc/*/environ',
      `grep -aoh "SECRET_[0-9]*_e2e_provider_env" /proc/${pid}/environ`,
      `cat /proc/${pid}/environ`,
      'cat /proc/self/environ',
      `grep -r -aoh SECRET_ /proc/${pid}`,
      'echo $OVOS_PROVIDER_SECRET',
    ]) {
      const r = await p.invoke('run_command', { command });
      expect(r.result, command).toBeDefined();
      answers.push(r);
    }
    expect(JSON.stringify(answers)).not.toContain(SECRET);
  });

  test('a command of 100k words is a clear error, not spawn E2BIG', async () => {
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i}`).join(' ');
    const r = await p.invoke('run_command', { command: `echo ${words}` });
    expect(r.result!.stderr).toMatch(/^Error executing command: the command is \d+ bytes after quoting; one command may be at most 131071 bytes \(Linux MAX_ARG_STRLEN\)/);
    expect(r.result!.stderr).not.toMatch(/E2BIG/);
  });
});
