import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { REDIS_BINARY } from './redisServer.mjs';

/** A Debian package a test needs, and the program it installs (checked to decide whether it is there). */
export interface DebianTool {
  /** The Debian package, e.g. `redis-server`. */
  pkg: string;
  /** The absolute path of its program, e.g. `/usr/bin/redis-server`. */
  binary: string;
}

/** Real services the tests start (issue 31): Debian's HAProxy and Redis. */
export const HAPROXY: DebianTool = { pkg: 'haproxy', binary: '/usr/sbin/haproxy' };
/** Debian's Redis server (7.x on bookworm). */
export const REDIS: DebianTool = { pkg: 'redis-server', binary: REDIS_BINARY };

/**
 * Installs the missing `tools` with apt-get (needs Linux, root and Debian's package index). Several test runs may
 * ask at once (turbo runs packages in parallel): apt runs under one `flock`, and each run checks again once it holds
 * the lock. Never throws.
 * @returns `''` when every tool is there now; otherwise why not, naming what is missing (the tests that need it skip
 *   with that text).
 */
export function ensureDebianPackages(tools: readonly DebianTool[]): string {
  const missing = () => tools.filter((t) => !existsSync(t.binary));
  const before = missing();
  if (before.length === 0) return '';
  const names = before.map((t) => t.pkg).join(' ');
  if (process.platform !== 'linux') return `${names} missing and apt-get is Linux only`;
  if (process.getuid?.() !== 0) return `${names} missing and installing needs root (run: apt-get install -y ${names})`;
  const checks = before.map((t) => `test -x ${t.binary}`).join(' && ');
  const script = `${checks} || { apt-get update -qq && apt-get install -y -qq --no-install-recommends ${names}; }`;
  const r = spawnSync('flock', ['/tmp/ovos-tools-apt.lock', 'sh', '-c', script], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 600_000,
  });
  const still = missing();
  if (still.length === 0) return '';
  const tail = `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' | ');
  return `${still.map((t) => t.pkg).join(' ')} missing: apt-get install failed (${r.status ?? r.signal}): ${tail}`;
}
