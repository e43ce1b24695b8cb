import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { descendantRunning, portFree, running, until } from './helpers/processes.js';
import { cliPath, freePort } from './helpers/serve.js';

/**
 * Issue 25: `npx ovos-tools serve` (the provider README's quick start) and `npm run <script>` run the bin through
 * `sh -c`, and npm passes a SIGTERM on to that shell only, which dies without passing it on: the provider used to be
 * re-parented to PID 1 and keep the port. Started the way users start it, a SIGTERM to npm (or npm killed outright)
 * must stop the provider and free the port; so must Ctrl-C, which is SIGINT to the terminal's whole process group.
 */
let project: string;
let plugins: string;

beforeAll(() => {
  // a project with the provider's bin linked where npm installs it: `npx ovos-tools` runs it without a download
  project = mkdtempSync(path.join(os.tmpdir(), 'ovos-npx-'));
  plugins = path.join(project, 'plugins');
  mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
  mkdirSync(plugins);
  symlinkSync(cliPath, path.join(project, 'node_modules', '.bin', 'ovos-tools'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'npx-project', private: true, scripts: { serve: 'ovos-tools serve' } }));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The pid of the provider's node process among `root`'s descendants (the one running the ovos-tools bin). */
const providerPid = (root: number) => descendantRunning(root, (a) => a.endsWith(`${path.sep}ovos-tools`) || a === cliPath);

/** Starts `command args` in the project with the bus on a free port; resolves once the provider serves. */
async function start(command: string, args: string[]): Promise<{ npm: ChildProcess; provider: number; port: number; output: () => string }> {
  const port = await freePort();
  const npm = spawn(command, args, {
    cwd: project,
    detached: true, // its own process group, as a terminal gives a foreground command (Ctrl-C signals the group)
    env: { ...process.env, OVOS_TOOLS_BUS_URL: `ws://127.0.0.1:${port}/core`, OVOS_TOOLS_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  await until(() => out.includes('ovos-tools provider serving') || npm.exitCode !== null, `${command} ${args.join(' ')} to serve`, 30_000);
  expect(out).toContain('ovos-tools provider serving');
  const provider = providerPid(npm.pid!);
  if (!provider) throw new Error(`no provider process below ${command} (${npm.pid}):\n${out}`);
  return { npm, provider, port, output: () => out };
}

// its own bus on the port picked (`always`): with the default `auto`, a bus another suite started on that port
// meanwhile would be joined instead, and the port checks would see that suite's bus
const npx = ['npx', ['ovos-tools', 'serve', '--embedded-bus', 'always', '--plugins', 'plugins']] as const;
const npmRun = ['npm', ['run', 'serve', '--', '--embedded-bus', 'always', '--plugins', 'plugins']] as const;

describe.each([
  ['npx ovos-tools serve', ...npx, 'SIGTERM', 'npm'],
  ['npx ovos-tools serve', ...npx, 'SIGKILL', 'npm'],
  ['npx ovos-tools serve', ...npx, 'SIGINT', 'the process group (Ctrl-C)'],
  ['npm run serve', ...npmRun, 'SIGTERM', 'npm'],
] as const)('%s', (_name, command, args, signal, target) => {
  test(`${signal} to ${target} stops the provider and frees the port`, async () => {
    const s = await start(command, [...args]);
    try {
      expect(s.provider).not.toBe(s.npm.pid); // npm runs it in a child shell: a signal to npm does not reach it
      process.kill(target === 'npm' ? s.npm.pid! : -s.npm.pid!, signal);
      await until(() => !running(s.provider), `the provider (pid ${s.provider}) to exit after ${signal} to ${target}`);
      expect(await portFree(s.port)).toBe(true);
      // the provider's last lines reach our end of the pipe after it exits: wait for them (it shut down, not died)
      const shutdown = /parent exited: shutting down|SIG(TERM|INT): shutting down/;
      await until(() => shutdown.test(s.output()), 'the provider to say it shut down', 5000).catch(() => undefined);
      expect(s.output()).toMatch(shutdown);
    } finally {
      if (running(s.provider)) process.kill(s.provider, 'SIGKILL');
      try {
        process.kill(-s.npm.pid!, 'SIGKILL');
      } catch {
        // the group has ended
      }
    }
  });
});
