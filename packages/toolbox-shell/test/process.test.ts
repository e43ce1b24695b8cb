import fs from 'node:fs';
import path from 'node:path';
import { ShellToolBox } from '@ovos-tools/toolbox-shell';
import { FakeBus, Message, silentLogger } from '@ovos-tools/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, readPid, tempDir, waitGone } from './helpers.js';

let dir: string;
const started: number[] = [];
beforeAll(() => {
  dir = tempDir('ovos-shell-proc-');
});
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// These tests watch host pids and pid files, so they run without the bubblewrap sandbox (its PID namespace
// hides the pids); test/sandbox.test.ts covers the sandboxed path.
const make = (config: Record<string, unknown>) => new ShellToolBox({ config: { sandbox: 'none', root_path: dir, ...config }, logger: silentLogger });

describe('timeouts kill the whole process group', () => {
  it('returns the OVOS timeout text and leaves no grandchild behind (empty allowlist)', async () => {
    const pidfile = path.join(dir, 'bg1.pid');
    const t0 = Date.now();
    const out = await make({ allow_shell: true }).callTool('run_command', {
      command: `sleep 30 & echo $! > ${pidfile}; echo started; wait`,
      timeout: 1,
    });
    expect(out).toEqual({ stdout: 'started\n', stderr: 'Command timed out after 1 seconds.', returncode: -1, success: false });
    expect(Date.now() - t0).toBeLessThan(15_000);
    const pid = await readPid(pidfile);
    started.push(pid);
    expect(await waitGone(pid)).toBe(true);
  });

  it('kills a group whose members ignore SIGTERM (SIGKILL after the grace period)', async () => {
    const pidfile = path.join(dir, 'bg2.pid');
    const out = await make({ allow_shell: true }).callTool('run_command', {
      command: `trap '' TERM; sh -c 'trap "" TERM; sleep 30' & echo $! > ${pidfile}; wait; wait`,
      timeout: 1,
    });
    expect(out.stderr).toBe('Command timed out after 1 seconds.');
    const pid = await readPid(pidfile);
    started.push(pid);
    expect(await waitGone(pid)).toBe(true);
  });

  it('kills the group in strict mode too (a listed script starting a background sleep)', async () => {
    const pidfile = path.join(dir, 'bg3.pid');
    const script = path.join(dir, 'job.sh');
    fs.writeFileSync(script, `#!/bin/sh\nsleep 30 & echo $! > ${pidfile}\nwait\n`, { mode: 0o755 });
    const out = await make({ allow_shell: true, allowed_commands: [script] }).callTool('run_command', { command: script, timeout: 1 });
    expect(out.stderr).toBe('Command timed out after 1 seconds.');
    const pid = await readPid(pidfile);
    started.push(pid);
    expect(await waitGone(pid)).toBe(true);
  });

  it('caps the requested timeout at max_timeout', async () => {
    const out = await make({ allow_shell: true, max_timeout: 1 }).callTool('run_command', { command: 'sleep 20', timeout: 30 });
    expect(out.stderr).toBe('Command timed out after 1 seconds.');
    const half = await make({ allow_shell: true, max_timeout: 0.5 }).callTool('run_command', { command: 'sleep 20' });
    expect(half.stderr).toBe('Command timed out after 0.5 seconds.');
  });

  it('does not wait for background children after the shell exits, and kills them', async () => {
    const pidfile = path.join(dir, 'bg4.pid');
    const t0 = Date.now();
    const out = await make({ allow_shell: true }).callTool('run_command', { command: `sleep 30 & echo $! > ${pidfile}; echo bye`, timeout: 60 });
    expect(out).toEqual({ stdout: 'bye\n', stderr: '', returncode: 0, success: true });
    expect(Date.now() - t0).toBeLessThan(15_000);
    const pid = await readPid(pidfile);
    started.push(pid);
    expect(await waitGone(pid)).toBe(true);
  });

  it('kills the group when the caller aborts (ctx.signal)', async () => {
    const pidfile = path.join(dir, 'bg5.pid');
    const controller = new AbortController();
    const call = make({ allow_shell: true }).callTool(
      'run_command',
      { command: `sleep 30 & echo $! > ${pidfile}; wait`, timeout: 60 },
      { signal: controller.signal },
    );
    const pid = await readPid(pidfile);
    started.push(pid);
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    expect(await waitGone(pid)).toBe(true);
  });

  it('reports a death by signal as -N like Python', async () => {
    const out = await make({ allow_shell: true }).callTool('run_command', { command: 'kill -9 $$' });
    expect(out).toMatchObject({ returncode: -9, success: false });
  });
});

describe('output caps', () => {
  it('keeps max_output_bytes per stream and says how much was dropped', async () => {
    const box = make({ allow_shell: true, max_output_bytes: 1000 });
    const out = await box.callTool('run_command', { command: "head -c 200000 /dev/zero | tr '\\0' a; head -c 5000 /dev/zero | tr '\\0' b >&2" });
    expect(out.stdout).toBe(`${'a'.repeat(1000)}\n[output truncated: showing the first 1000 of 200000 bytes]`);
    expect(out.stderr).toBe(`${'b'.repeat(1000)}\n[output truncated: showing the first 1000 of 5000 bytes]`);
    expect(out.returncode).toBe(0);
  });

  it('does not split a UTF-8 character at the cap', async () => {
    const box = make({ allow_shell: true, max_output_bytes: 5 });
    const out = await box.callTool('run_command', { command: "printf 'ééééé'" });
    expect(out.stdout).toBe('éé\n[output truncated: showing the first 4 of 10 bytes]');
  });

  it('defaults to 64 KiB', async () => {
    const out = await make({ allow_shell: true }).callTool('run_command', { command: "head -c 70000 /dev/zero | tr '\\0' x" });
    expect(out.stdout.startsWith('x'.repeat(65536) + '\n[output truncated: showing the first 65536 of 70000 bytes]')).toBe(true);
  });
});

describe('environment reduction', () => {
  const SECRET = 'OVOS_SHELL_TEST_SECRET';
  beforeAll(() => {
    process.env[SECRET] = 's3cr3t-value';
    process.env.LD_PRELOAD_TEST_GUARD = 'x';
  });
  afterAll(() => {
    delete process.env[SECRET];
    delete process.env.LD_PRELOAD_TEST_GUARD;
  });

  it('hides variables outside env_allowlist', async () => {
    const out = await make({ allow_shell: true }).callTool('run_command', { command: 'env' });
    expect(out.stdout).not.toContain('s3cr3t-value');
    expect(out.stdout).toMatch(/^PATH=\//m);
    if (process.env.HOME) expect(out.stdout).toContain(`HOME=${process.env.HOME}`);
  });

  it('passes what env_allowlist names, but never loader or shell-startup variables', async () => {
    process.env.LD_PRELOAD = '/nonexistent.so';
    try {
      const out = await make({ allow_shell: true, env_allowlist: ['PATH', SECRET, 'LD_PRELOAD'] }).callTool('run_command', { command: 'env' });
      expect(out.stdout).toContain(`${SECRET}=s3cr3t-value`);
      expect(out.stdout).not.toContain('LD_PRELOAD');
      expect(out.stdout).not.toMatch(/^HOME=/m);
    } finally {
      delete process.env.LD_PRELOAD;
    }
  });

  it('closes stdin', async () => {
    const out = await make({ allow_shell: true }).callTool('run_command', { command: 'cat; echo eof', timeout: 10 });
    expect(out).toEqual({ stdout: 'eof\n', stderr: '', returncode: 0, success: true });
  });
});

describe('per-toolbox bus API (FakeBus)', () => {
  it('answers discover and call', async () => {
    const bus = new FakeBus();
    const box = new ShellToolBox({ bus, logger: silentLogger, config: { allow_shell: true, allowed_commands: ['echo', 'tr'] } });
    const disc = await bus.waitForResponse(new Message('ovos.persona.tools.discover', {}));
    expect(disc?.data.toolbox_id).toBe('ovos-shell-tools');
    expect((disc?.data.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['run_command']);

    const ok = await bus.waitForResponse(
      new Message('ovos.persona.tools.ovos-shell-tools.call', { name: 'run_command', kwargs: { command: 'echo bus | tr a-z A-Z' } }),
      undefined,
      10_000,
    );
    expect(ok?.data).toEqual({ result: { stdout: 'BUS\n', stderr: '', returncode: 0, success: true }, toolbox_id: 'ovos-shell-tools' });

    const refused = await bus.waitForResponse(
      new Message('ovos.persona.tools.ovos-shell-tools.call', { name: 'run_command', kwargs: { command: 'rm -rf /' } }),
    );
    expect(refused?.data.result).toEqual({ stdout: '', stderr: "Command not permitted by allowed_commands policy: 'rm'.", returncode: -1, success: false });

    const bad = await bus.waitForResponse(new Message('ovos.persona.tools.ovos-shell-tools.call', { name: 'run_command', kwargs: {} }));
    expect(bad?.data.error).toMatch(/^ValueError: Tool input validation failed for 'run_command'/);
    await box.close();
  });
});
