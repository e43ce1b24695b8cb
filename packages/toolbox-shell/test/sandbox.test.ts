import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ShellToolBox, ShellConfigError } from '../src/ShellToolBox.js';
import { MAX_ARG_STRLEN } from '../src/exec/argumentLimits.js';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBwrap, spawnSpy, tempDir } from './helpers.js';

// Confinement of what listed programs can reach: under bubblewrap (private /proc and PID namespace, read-only
// system, only root_path writable) and, without it, arguments confined to root_path. Secrets live in this
// process's environment and in files outside the root; markers prove nothing was written outside.
const SECRET = `OVOS_TEST_SECRET_${process.pid}_${Date.now()}`;
const base = tempDir('ovos-shell-sandbox-');
const root = path.join(base, 'root');
const outside = path.join(base, 'outside');
beforeAll(() => {
  process.env.OVOS_SHELL_TEST_SECRET = SECRET;
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'a.txt'), 'alpha\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  fs.symlinkSync(outside, path.join(root, 'out_link'));
});
afterAll(() => {
  delete process.env.OVOS_SHELL_TEST_SECRET;
  fs.rmSync(base, { recursive: true, force: true });
});

const logs: string[] = [];
const logger: Logger = { ...silentLogger, warn: (m: string) => logs.push(`warn ${m}`), info: (m: string) => logs.push(`info ${m}`) } as Logger;
const run = (box: ShellToolBox, command: string) => box.callTool('run_command', { command, timeout: 10 });

describe('without a sandbox: arguments are confined to root_path', () => {
  const spy = spawnSpy();
  let box: ShellToolBox;
  beforeAll(() => {
    box = new ShellToolBox({ logger, spawn: spy.fn, config: { allow_shell: true, root_path: root, sandbox: 'none', allowed_commands: ['cat', 'grep', 'ls', 'cd', 'echo'] } });
  });

  it.each([
    ['grep -aoh SECRET /proc/*/environ', /glob '\/proc\/\*\/environ' reaches outside/],
    [`grep -aoh ${SECRET.slice(0, 20)} /proc/${process.pid}/environ`, /names \/proc/],
    ['cat /proc/self/environ', /names \/proc/],
    ['cat /sys/kernel/hostname', /names \/sys/],
    ['cat /dev/mem', /names \/dev/],
    ['grep -f/proc/self/environ x', /names \/proc/],
    ['grep --file=/proc/self/environ x', /names \/proc/],
    [`cat ${path.join(outside, 'secret.txt')}`, /reaches outside root_path/],
    ['cat ../outside/secret.txt', /reaches outside root_path/],
    ['cat out_link/secret.txt', /reaches outside root_path/],
    ['cat out_link', /reaches outside root_path/],
    ['cd / && cat proc/self/environ', /reaches outside root_path/],
    ['ls ..', /reaches outside root_path/],
    ['cat ../*', /reaches outside/],
  ])('%s is refused before anything runs', async (command, why) => {
    const before = spy.calls.length;
    const out = await run(box, command);
    expect(out.stderr).toMatch(/^Command not permitted by allowed_commands policy: /);
    expect(out.stderr).toMatch(why);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(spy.calls.length).toBe(before);
  });

  it('paths inside the root still work, and the start-up log says what is exposed', async () => {
    expect((await run(box, 'cat a.txt sub/../a.txt')).stdout).toBe('alpha\nalpha\n');
    expect((await run(box, `grep -c alpha ${path.join(root, 'a.txt')}`)).stdout).toBe('1\n');
    expect(logs.some((l) => /^warn ovos-shell-tools: commands run WITHOUT a sandbox \(sandbox is "none"\).*arguments naming \/proc, \/sys, \/dev or paths outside/.test(l))).toBe(true);
  });
});

describe('argument size', () => {
  it('a command of 100k words is refused with a clear error before spawning, not spawn E2BIG', async () => {
    const spy = spawnSpy();
    const box = new ShellToolBox({ logger: silentLogger, spawn: spy.fn, config: { allow_shell: true, root_path: root, allowed_commands: ['echo'] } });
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i}`).join(' ');
    const out = await run(box, `echo ${words}`);
    expect(out.stderr).toMatch(/^Error executing command: the command is \d+ bytes after quoting; one command may be at most 131071 bytes \(Linux MAX_ARG_STRLEN\); split it/);
    expect(spy.calls).toEqual([]);
    const ovos = new ShellToolBox({ logger: silentLogger, spawn: spy.fn, config: { allow_shell: true, root_path: root } });
    expect((await run(ovos, `echo ${'x'.repeat(MAX_ARG_STRLEN)}`)).stderr).toMatch(/MAX_ARG_STRLEN/);
    expect(spy.calls).toEqual([]);
    const fits = await run(box, `echo ${'y'.repeat(100_000)}`);
    expect(fits.returncode).toBe(0);
    expect(fits.stdout.startsWith('yyyy')).toBe(true);
  });
});

describe('root_path and protected locations', () => {
  it('a root inside a plugin root or host-protected path fails to load; the default workspace is carved out of one that contains it', () => {
    const none = () => ({ ok: false as const, reason: 'simulated' });
    expect(() => new ShellToolBox({ logger: silentLogger, probeBwrap: none, pluginRoots: [base], config: { allow_shell: true, root_path: root } })).toThrow(
      /^ovos-shell-tools config 'root_path': '.*root' lies in the protected location '.*ovos-shell-sandbox-.*'; choose a folder outside/,
    );
    expect(() => new ShellToolBox({ logger: silentLogger, probeBwrap: none, protectedPaths: [root], config: { allow_shell: true, root_path: root } })).toThrow(ShellConfigError);
    const data = process.env.XDG_DATA_HOME!;
    const box = new ShellToolBox({ logger: silentLogger, probeBwrap: none, pluginRoots: [data], protectedPaths: [path.join(data, 'ovos-tools')], config: { allow_shell: true } });
    expect(box.sandbox).toEqual({ kind: 'none' });
  });
});

describe('sandbox: "bwrap" where bubblewrap cannot run', () => {
  it('fails to load with the reason; "auto" falls back and says so', () => {
    const probe = () => ({ ok: false as const, reason: 'bubblewrap is not installed (simulated)' });
    expect(() => new ShellToolBox({ logger: silentLogger, probeBwrap: probe, config: { allow_shell: true, root_path: root, sandbox: 'bwrap' } })).toThrow(
      new ShellConfigError('sandbox', '"bwrap" is required but bubblewrap is not installed (simulated)'),
    );
    logs.length = 0;
    const box = new ShellToolBox({ logger, probeBwrap: probe, config: { allow_shell: true, root_path: root } });
    expect(box.sandbox).toEqual({ kind: 'none' });
    expect(logs.join('\n')).toMatch(/WITHOUT a sandbox \(bubblewrap is not installed \(simulated\)\).*allowed_commands is empty and strict_syntax is off, so ANY command runs/);
  });
});

const skipReason = ensureBwrap();
if (skipReason) console.warn(`[toolbox-shell] skipping the bubblewrap tests: ${skipReason}`);

describe.skipIf(skipReason !== null)('under bubblewrap', () => {
  const marker = () => path.join(outside, 'pwned');
  let box: ShellToolBox;
  let strict: ShellToolBox;
  beforeAll(() => {
    box = new ShellToolBox({ logger: silentLogger, config: { allow_shell: true, root_path: root, sandbox: 'bwrap' } });
    strict = new ShellToolBox({ logger: silentLogger, config: { allow_shell: true, root_path: root, sandbox: 'bwrap', allowed_commands: ['cat', 'grep', 'ls', 'echo'] } });
  });

  it('runs under bwrap', () => {
    expect(box.sandbox.kind).toBe('bwrap');
  });

  it('a listed grep over /proc/*/environ finds no secret of the provider: private /proc and PID namespace', async () => {
    // a host process holding the secret in its environment, as the provider does; the unsandboxed control finds it
    const holder: ChildProcess = spawn('sleep', ['120'], { env: { PATH: process.env.PATH, OVOS_HOLDER_SECRET: SECRET }, stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const control = new ShellToolBox({ logger: silentLogger, config: { allow_shell: true, root_path: root, sandbox: 'none' } });
      expect((await run(control, 'grep -aoh "OVOS_TEST_SECRET_[0-9_]*" /proc/*/environ')).stdout).toContain(SECRET);
      const sandboxed = await run(box, 'grep -aoh "OVOS_TEST_SECRET_[0-9_]*" /proc/*/environ');
      expect(JSON.stringify(sandboxed)).not.toContain(SECRET);
      expect(JSON.stringify(await run(box, `cat /proc/${holder.pid}/environ`))).not.toContain(SECRET);
    } finally {
      holder.kill('SIGKILL');
    }
    const out = await run(strict, `grep -aoh ${SECRET.slice(0, 20)} -r /proc --include=environ`);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    const glob = await run(box, `grep -aoh OVOS_TEST_SECRET /proc/*/environ; cat /proc/${process.pid}/environ; echo $OVOS_SHELL_TEST_SECRET`);
    expect(JSON.stringify(glob)).not.toContain(SECRET);
    const pids = await run(box, 'ls /proc | grep -c "^[0-9]"');
    expect(Number(pids.stdout.trim())).toBeLessThan(10);
  });

  it('only the root is writable; outside folders, home and the system are not', async () => {
    const out = await run(box, `touch ${marker()}; echo x > ${marker()}; touch /usr/pwned /etc/pwned; touch inside.txt`);
    expect(out.stderr).toMatch(/Read-only file system|No such file or directory/);
    expect(fs.existsSync(marker())).toBe(false);
    expect(fs.existsSync('/usr/pwned') || fs.existsSync('/etc/pwned')).toBe(false);
    expect(fs.existsSync(path.join(root, 'inside.txt'))).toBe(true);
  });

  it('files outside the system folders and the root are not even visible', async () => {
    const out = await run(box, `cat ${path.join(outside, 'secret.txt')}; ls ${path.dirname(outside)}`);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out.stdout).not.toContain('outside');
  });

  it('the environment is only env_allowlist', async () => {
    const out = await run(box, 'env');
    expect(out.stdout).not.toContain('OVOS_SHELL_TEST_SECRET');
    expect(out.stdout).toMatch(/^PATH=/m);
  });

  it('a protected path inside the root stays read-only', async () => {
    const plugins = path.join(root, 'plugins');
    fs.mkdirSync(plugins, { recursive: true });
    const guarded = new ShellToolBox({ logger: silentLogger, pluginRoots: [plugins], config: { allow_shell: true, root_path: root, sandbox: 'bwrap' } });
    const out = await run(guarded, 'mkdir -p plugins/node_modules/evil && echo pwned > plugins/node_modules/evil/index.js');
    expect(out.returncode).not.toBe(0);
    expect(fs.existsSync(path.join(plugins, 'node_modules'))).toBe(false);
  });
});
