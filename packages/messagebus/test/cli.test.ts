import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGEBUS_CONFIG, isMessageBusReachable } from '@ovos-tools/messagebus';
import { parseServerArgs, UsageError } from '@ovos-tools/messagebus/cli';
import { rawClient, runCleanups, upgradeStatus } from './helpers.js';

const pkgDir = dirname(createRequire(import.meta.url).resolve('@ovos-tools/messagebus/package.json'));
const bin = join(pkgDir, 'bin', 'ovos-messagebus.js');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await runCleanups();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function run(args: string[], extraEnv: Record<string, string> = {}): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: '/nonexistent', MYCROFT_SYSTEM_CONFIG: '/nonexistent', OVOS_TOOLS_LOG_LEVEL: 'warn', ...extraEnv },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => reject(new Error(`exited before printing a URL: ${err}`)));
  });
  firstLine.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, firstLine, exit, stderr: () => err };
}

describe('ovos-messagebus bin', () => {
  it('prints its URL, serves the bus with the flags given, and exits 0 on SIGTERM', async () => {
    const p = run(['--port', '0', '--route', '/bus', '--secret', 'abc', '--allow-origin', 'http://ui.local']);
    const url = await p.firstLine;
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/bus$/);
    expect(await upgradeStatus(`${url}?token=nope`)).toBe(401);
    expect(await upgradeStatus(url, { 'X-OVOS-Bus-Secret': 'abc', Origin: 'http://ui.local' })).toBe(101);
    expect(await upgradeStatus(url, { 'X-OVOS-Bus-Secret': 'abc', Origin: 'http://other.local' })).toBe(403);
    const c = await rawClient(`${url}?token=abc`);
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
    expect(await c.closed).toBe(1001);
  });

  it('exits 0 on SIGINT too', async () => {
    const p = run(['--port', '0']);
    const url = await p.firstLine;
    expect(await isMessageBusReachable(url)).toBe(true);
    p.child.kill('SIGINT');
    expect(await p.exit).toBe(0);
  });

  it('takes its defaults from a mycroft.conf websocket section', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ovos-mb-cli-'));
    dirs.push(dir);
    const conf = join(dir, 'mycroft.conf');
    writeFileSync(conf, JSON.stringify({ websocket: { host: '127.0.0.1', port: 0, route: '/fromconf' } }));
    const p = run(['--config', conf]);
    expect(await p.firstLine).toMatch(/\/fromconf$/);
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
  });

  it('requires the secret from OVOS_TOOLS_BUS_SECRET, or else from websocket.shared_secret in mycroft.conf', async () => {
    const fromEnv = run(['--port', '0'], { OVOS_TOOLS_BUS_SECRET: 'env-s' });
    const envUrl = await fromEnv.firstLine;
    expect(await upgradeStatus(envUrl, { Authorization: 'Bearer wrong' })).toBe(401);
    expect(await upgradeStatus(envUrl, { Authorization: 'Bearer env-s' })).toBe(101);
    const dir = mkdtempSync(join(tmpdir(), 'ovos-mb-cli-'));
    dirs.push(dir);
    const conf = join(dir, 'mycroft.conf');
    writeFileSync(conf, JSON.stringify({ websocket: { port: 0, shared_secret: 'conf-s' } }));
    const fromConf = run(['--config', conf]);
    const confUrl = await fromConf.firstLine;
    expect(await upgradeStatus(confUrl, { Authorization: 'Bearer conf-s' })).toBe(101);
    expect(await upgradeStatus(`${confUrl}?token=env-s`)).toBe(401);
  });

  it('warns on stderr when bound to a non-loopback address without a secret', async () => {
    const p = run(['--port', '0', '--host', '0.0.0.0']);
    await p.firstLine;
    await new Promise((r) => setTimeout(r, 100));
    expect(p.stderr()).toMatch(/SECURITY: the messagebus at ws:\/\/0\.0\.0\.0:\d+\/core is bound to 0\.0\.0\.0.*WITHOUT A SHARED SECRET/);
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
  });

  it('exits 2 with the usage on a bad flag, and 1 when the port is taken', async () => {
    const bad = run(['--port', 'eighty']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain("--port must be an integer 0-65535, got 'eighty'");
    expect(bad.stderr()).toContain('Usage: ovos-messagebus');
    const first = run(['--port', '0']);
    const port = new URL(await first.firstLine).port;
    const clash = run(['--port', port]);
    expect(await clash.exit).toBe(1);
    expect(clash.stderr()).toContain('EADDRINUSE');
  });
});

describe('parseServerArgs', () => {
  it('overlays flags on the config defaults', () => {
    expect(parseServerArgs([], DEFAULT_MESSAGEBUS_CONFIG)).toEqual({
      help: false,
      options: { host: '127.0.0.1', port: 8181, route: '/core', maxMsgSizeMiB: 8, allowedOrigins: [], allowedHosts: [], secret: '' },
    });
    const cmd = parseServerArgs(
      ['--host', '0.0.0.0', '--port=9000', '--max-msg-size', '2.5', '--allow-origin', 'a', '--allow-origin', 'b', '--allow-host', 'box.lan'],
      { ...DEFAULT_MESSAGEBUS_CONFIG, secret: 'config-secret' },
    );
    expect(cmd).toMatchObject({
      options: { host: '0.0.0.0', port: 9000, maxMsgSizeMiB: 2.5, allowedOrigins: ['a', 'b'], allowedHosts: ['box.lan'], secret: 'config-secret' },
    });
    expect(parseServerArgs(['--secret', 'flag'], { ...DEFAULT_MESSAGEBUS_CONFIG, secret: 'config-secret' })).toMatchObject({ options: { secret: 'flag' } });
    expect(parseServerArgs(['-h'], DEFAULT_MESSAGEBUS_CONFIG)).toEqual({ help: true });
  });

  it('throws UsageError for unknown flags and bad numbers', () => {
    expect(() => parseServerArgs(['--nope'], DEFAULT_MESSAGEBUS_CONFIG)).toThrow(UsageError);
    expect(() => parseServerArgs(['--max-msg-size', '0'], DEFAULT_MESSAGEBUS_CONFIG)).toThrow(/positive number of MiB/);
    expect(() => parseServerArgs(['--port=-1'], DEFAULT_MESSAGEBUS_CONFIG)).toThrow(/integer 0-65535/);
  });
});
