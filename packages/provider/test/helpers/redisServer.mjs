// A redis-server child process for the shared-state tests and the balancer bench (plain JS so benches can use it).
import { spawn } from 'node:child_process';
import { DEBIAN_TEST_PACKAGES } from '../../../../scripts/debian-packages.mjs';

/** Where Debian's `redis-server` package puts the server. */
export const REDIS_BINARY = DEBIAN_TEST_PACKAGES.redis.file;

/**
 * @typedef {object} RedisServer A `redis-server` child process on a loopback port, without persistence.
 * @property {string} url `redis://127.0.0.1:<port>/0`.
 * @property {number} port
 * @property {(signal?: NodeJS.Signals) => Promise<void>} kill Kills it (SIGKILL by default: nothing is written, clients
 *   see the connection drop); resolves once it exited.
 * @property {() => Promise<void>} restart Starts it again on the same port (empty: nothing was persisted).
 * @property {() => string} output Everything it printed since it last started.
 */

/**
 * Starts Debian's `redis-server` in the foreground on `port` (`--save '' --appendonly no`), resolving once it
 * accepts connections. Needs the `redis-server` package (tests ensure it with `ensureDebianPackages`).
 * @param {number} port a free loopback port.
 * @returns {Promise<RedisServer>}
 */
export async function startRedis(port) {
  let out = '';
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let proc;
  const start = () =>
    new Promise((resolve, reject) => {
      out = '';
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--loglevel', 'notice'];
      const child = spawn(REDIS_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      proc = child;
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${out}`)), 10_000);
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve(undefined);
        }
      });
      child.stderr.on('data', (d) => (out += d));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${out}`));
      });
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    output: () => out,
    kill: (signal = 'SIGKILL') =>
      new Promise((resolve) => {
        const p = proc;
        if (!p || p.exitCode !== null || p.signalCode !== null) return resolve(undefined);
        p.once('exit', () => resolve(undefined));
        p.kill(signal);
      }),
    restart: () => start(),
  };
}
