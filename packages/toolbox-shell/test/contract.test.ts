import fs from 'node:fs';
import path from 'node:path';
import { ShellToolBox } from '@ovos-tools/toolbox-shell';
import { renderConfirmation, silentLogger } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSpy, tempDir } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('ovos-shell-contract-');
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
  fs.writeFileSync(path.join(dir, 'b.txt'), 'beta\n');
  fs.writeFileSync(path.join(dir, 'sub', 'c.md'), 'gamma\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const make = (config: Record<string, unknown>, spawn?: ReturnType<typeof spawnSpy>['fn']) =>
  new ShellToolBox({ config: { root_path: dir, ...config }, logger: silentLogger, spawn });

describe('tool contract (wire spec §5.3)', () => {
  it('describes run_command exactly as OVOS', () => {
    const [tool] = make({}).toolJsonList;
    expect(tool!.name).toBe('run_command');
    expect(tool!.description).toBe('Execute a shell command and return its stdout, stderr, and exit code.');
    const props = (tool!.argument_schema as { properties: Record<string, { default?: unknown; type: string }> }).properties;
    expect(props.command!.type).toBe('string');
    expect(props.cwd!.default).toBe('.');
    expect(props.timeout).toMatchObject({ type: 'integer', default: 30 });
    expect(Object.keys((tool!.output_schema as { properties: object }).properties)).toEqual(['stdout', 'stderr', 'returncode', 'success']);
  });

  it('asks before it runs, when the provider wants confirmation: the command is spoken, a long one cut with what is hidden', () => {
    const tool = make({}).discoverTools()[0]!;
    expect(renderConfirmation(tool, { command: 'ls -la' }, ['en'])).toEqual({ prompt: 'Run the command ls -la?', lang: 'en' });
    expect(renderConfirmation(tool, { command: 'ls' }, ['fr-CA'])).toEqual({ prompt: 'Exécuter la commande ls ?', lang: 'fr' });
    const long = `echo ${'a'.repeat(90)} && rm -rf ~`;
    expect(renderConfirmation(tool, { command: long }, ['en']).prompt).toBe(`Run the command ${long.slice(0, 80)}…[+${long.length - 80}]?`);
  });

  it('is disabled by default, before anything runs', async () => {
    const spy = spawnSpy();
    const out = await make({}, spy.fn).callTool('run_command', { command: 'echo hi' });
    expect(out).toEqual({ stdout: '', stderr: 'Shell execution is disabled (allow_shell=False).', returncode: -1, success: false });
    expect(spy.calls).toEqual([]);
  });

  it('stays disabled for allow_shell values that are not true', async () => {
    for (const allow_shell of [false, 'false', 'no', 0, 'banana', null]) {
      const out = await make({ allow_shell }).callTool('run_command', { command: 'echo hi' });
      expect(out.stderr).toBe('Shell execution is disabled (allow_shell=False).');
    }
  });

  it('runs a command with an empty allowlist through /bin/sh (OVOS semantics)', async () => {
    const box = make({ allow_shell: true });
    const out = await box.callTool('run_command', { command: 'echo hello; echo oops >&2; exit 3', cwd: dir });
    expect(out).toEqual({ stdout: 'hello\n', stderr: 'oops\n', returncode: 3, success: false });
    const ok = await box.callTool('run_command', { command: 'printf "%s" "$((2+3))" | cat', cwd: dir });
    expect(ok).toEqual({ stdout: '5', stderr: '', returncode: 0, success: true });
  });

  it('coerces string arguments like OVOS (pydantic lax)', async () => {
    const out = await make({ allow_shell: true }).callTool('run_command', { command: 'pwd', cwd: dir, timeout: '5' });
    expect(out).toMatchObject({ stdout: `${dir}\n`, success: true });
  });

  it("refuses an unlisted program with OVOS's exact text", async () => {
    const spy = spawnSpy();
    const out = await make({ allow_shell: true, allowed_commands: ['ls', 'cat'] }, spy.fn).callTool('run_command', { command: 'rm -rf build' });
    expect(out).toEqual({ stdout: '', stderr: "Command not permitted by allowed_commands policy: 'rm'.", returncode: -1, success: false });
    expect(spy.calls).toEqual([]);
  });

  it('quotes the offending word like Python repr', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['ls'] });
    expect((await box.callTool('run_command', { command: `"it's"` })).stderr).toBe(`Command not permitted by allowed_commands policy: "it's".`);
    expect((await box.callTool('run_command', { command: `'a\\b'` })).stderr).toBe(`Command not permitted by allowed_commands policy: 'a\\\\b'.`);
  });

  it('runs allowed pipelines and lists', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['echo', 'tr', 'cat', 'ls'] });
    expect(await box.callTool('run_command', { command: 'echo hi | tr a-z A-Z' })).toEqual({ stdout: 'HI\n', stderr: '', returncode: 0, success: true });
    const list = await box.callTool('run_command', { command: 'cat missing.txt || echo fallback; ls a.txt && echo done;', cwd: dir });
    expect(list.stdout).toBe('fallback\na.txt\ndone\n');
    expect(list.stderr).toMatch(/missing\.txt/);
  });

  it('expands globs in arguments but keeps quoted globs literal', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['echo'] });
    expect((await box.callTool('run_command', { command: 'echo *.txt', cwd: dir })).stdout).toBe('a.txt b.txt\n');
    expect((await box.callTool('run_command', { command: "echo '*.txt' \"?.md\"", cwd: dir })).stdout).toBe('*.txt ?.md\n');
  });

  it('matches multi-word entries as argv prefixes (stricter than OVOS string prefixes)', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['ls -1', 'cat'] });
    expect((await box.callTool('run_command', { command: 'ls -1 sub', cwd: dir })).stdout).toBe('c.md\n');
    expect((await box.callTool('run_command', { command: 'ls -la' })).stderr).toBe("Command not permitted by allowed_commands policy: 'ls'.");
    expect((await box.callTool('run_command', { command: 'lsblk' })).stderr).toBe("Command not permitted by allowed_commands policy: 'lsblk'.");
  });

  it('matches absolute entries by basename and real path', async () => {
    const ls = fs.realpathSync('/usr/bin/ls');
    const box = make({ allow_shell: true, allowed_commands: [ls] });
    expect((await box.callTool('run_command', { command: 'ls a.txt', cwd: dir })).stdout).toBe('a.txt\n');
    expect((await box.callTool('run_command', { command: `${ls} b.txt`, cwd: dir })).stdout).toBe('b.txt\n');
    expect((await box.callTool('run_command', { command: '/usr/bin/touch x', cwd: dir })).stderr).toBe(
      "Command not permitted by allowed_commands policy: '/usr/bin/touch'.",
    );
  });

  it('runs harmless builtins such as cd when listed', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['cd', 'ls'] });
    expect((await box.callTool('run_command', { command: 'cd sub && ls', cwd: dir })).stdout).toBe('c.md\n');
  });

  it('reports a listed program that is not on PATH', async () => {
    const spy = spawnSpy();
    const out = await make({ allow_shell: true, allowed_commands: ['no-such-prog-xyz'] }, spy.fn).callTool('run_command', { command: 'no-such-prog-xyz' });
    expect(out).toEqual({ stdout: '', stderr: "Error executing command: 'no-such-prog-xyz' is allowed but was not found on PATH.", returncode: -1, success: false });
    expect(spy.calls).toEqual([]);
  });

  it('allows <, > and >> only with allow_redirections', async () => {
    const off = make({ allow_shell: true, allowed_commands: ['echo', 'cat'] });
    expect((await off.callTool('run_command', { command: 'echo x > out.txt', cwd: dir })).stderr).toMatch(/allow_redirections=False/);
    const on = make({ allow_shell: true, allowed_commands: ['echo', 'cat'], allow_redirections: true });
    await on.callTool('run_command', { command: 'echo one > out.txt', cwd: dir });
    await on.callTool('run_command', { command: "echo 'two three' >> out.txt", cwd: dir });
    expect((await on.callTool('run_command', { command: 'cat < out.txt', cwd: dir })).stdout).toBe('one\ntwo three\n');
    expect((await on.callTool('run_command', { command: 'echo x 2> err.txt', cwd: dir })).stderr).toMatch(/file-descriptor/);
  });

  it('runs sed in --sandbox mode so its e/w/r commands cannot run programs or touch files', async () => {
    const box = make({ allow_shell: true, allowed_commands: ['sed'] });
    const marker = path.join(dir, 'sed-pwned');
    const out = await box.callTool('run_command', { command: `sed -n '1e touch ${marker}' a.txt`, cwd: dir });
    expect(out.success).toBe(false);
    expect(out.stderr).toMatch(/sandbox/);
    expect(fs.existsSync(marker)).toBe(false);
    expect((await box.callTool('run_command', { command: 's\\ed s/alpha/ALPHA/ a.txt', cwd: dir })).stdout).toBe('ALPHA\n');
  });

  it('applies the strict parser to an empty allowlist when strict_syntax is on', async () => {
    const box = make({ allow_shell: true, strict_syntax: true });
    expect((await box.callTool('run_command', { command: 'echo $(id)' })).stderr).toMatch(/command substitution/);
    expect((await box.callTool('run_command', { command: 'echo ok | tr a-z A-Z' })).stdout).toBe('OK\n');
  });

  it('fails closed on a malformed allowed_commands', async () => {
    const spy = spawnSpy();
    const out = await make({ allow_shell: true, allowed_commands: 42 }, spy.fn).callTool('run_command', { command: 'ls' });
    expect(out.stderr).toMatch(/^Command not permitted by allowed_commands policy: allowed_commands .* malformed/);
    expect(spy.calls).toEqual([]);
    const single = make({ allow_shell: true, allowed_commands: 'ls' });
    expect((await single.callTool('run_command', { command: 'ls a.txt', cwd: dir })).stdout).toBe('a.txt\n');
  });
});

describe('cwd handling', () => {
  const box = () => make({ allow_shell: true });

  it('defaults to the dedicated workspace (created on start) and resolves relative paths against root_path', async () => {
    const workspace = path.join(process.env.XDG_DATA_HOME!, 'ovos-tools', 'workspace');
    const plain = new ShellToolBox({ config: { allow_shell: true }, logger: silentLogger });
    expect((await plain.callTool('run_command', { command: 'pwd' })).stdout).toBe(`${fs.realpathSync(workspace)}\n`);
    expect((await plain.callTool('run_command', { command: 'pwd', cwd: dir })).stderr).toMatch(/is outside root_path/);
    expect((await box().callTool('run_command', { command: 'pwd' })).stdout).toBe(`${dir}\n`);
    expect((await box().callTool('run_command', { command: 'pwd', cwd: path.join(dir, 'sub') })).stdout).toBe(`${dir}/sub\n`);
  });

  it('reports a missing directory or a file like Python', async () => {
    const missing = path.join(dir, 'nope');
    expect(await box().callTool('run_command', { command: 'pwd', cwd: missing })).toEqual({
      stdout: '', stderr: `Error executing command: [Errno 2] No such file or directory: '${missing}'`, returncode: -1, success: false,
    });
    expect((await box().callTool('run_command', { command: 'pwd', cwd: path.join(dir, 'a.txt') })).stderr).toBe(
      `Error executing command: [Errno 20] Not a directory: '${path.join(dir, 'a.txt')}'`,
    );
    expect((await box().callTool('run_command', { command: 'pwd', cwd: 'a\0b' })).stderr).toBe('Error executing command: embedded null byte');
  });

  it('keeps cwd inside root_path, resolving relative cwd against it', async () => {
    const root = path.join(dir, 'sub');
    const sibling = path.join(dir, 'sub2');
    fs.mkdirSync(sibling, { recursive: true });
    fs.symlinkSync(dir, path.join(root, 'up'), 'dir');
    const b = make({ allow_shell: true, root_path: root });
    expect((await b.callTool('run_command', { command: 'pwd' })).stdout).toBe(`${root}\n`);
    for (const cwd of ['..', '/', sibling, 'up', '../sub2']) {
      const out = await b.callTool('run_command', { command: 'pwd', cwd });
      expect(out.stderr).toMatch(/^Error executing command: cwd .* is outside root_path/);
      expect(out.returncode).toBe(-1);
    }
    fs.unlinkSync(path.join(root, 'up'));
  });

  it('refuses a non-positive effective timeout with an explanation', async () => {
    expect((await box().callTool('run_command', { command: 'pwd', timeout: 0 })).stderr).toBe(
      'Error executing command: timeout must be a positive number of seconds (got 0).',
    );
  });
});
