import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

/** Debian's chromium, which the inspector test drives with playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when {@link CHROMIUM_PATH} is usable; otherwise why the browser tests skip. */
    chromiumSkipReason: string;
  }
}

function run(command: string, args: string[]): string | undefined {
  const r = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 600_000 });
  if (r.status === 0) return undefined;
  const tail = `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' | ');
  return `${command} ${args.join(' ')} failed (${r.status ?? r.signal}): ${tail}`;
}

/** Installs chromium with apt-get when it is missing (needs root and Debian's package index); answers why not when it cannot. */
function ensureChromium(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  if (process.platform !== 'linux') return `${CHROMIUM_PATH} is missing and apt-get is Linux only`;
  if (process.getuid?.() !== 0) return `${CHROMIUM_PATH} is missing and installing it needs root (run: apt-get install -y chromium)`;
  const failed = run('apt-get', ['update']) ?? run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  if (failed) return failed;
  return existsSync(CHROMIUM_PATH) ? undefined : `apt-get installed chromium but ${CHROMIUM_PATH} is still missing`;
}

/** Vitest global setup: makes sure chromium is there before the inspector test runs, once per run. */
export default function setup(project: TestProject): void {
  const reason = ensureChromium() ?? '';
  if (reason) process.stdout.write(`[e2e] browser tests will skip: ${reason}\n`);
  project.provide('chromiumSkipReason', reason);
}
