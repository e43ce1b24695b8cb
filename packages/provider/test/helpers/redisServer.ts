import { spawn, type ChildProcess } from 'node:child_process';
import { REDIS } from './debianPackages.js';
import { freePort } from './serve.js';

/** A `redis-server` child process on a free loopback port, without persistence. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>/0`. */
  url: string;
  port: number;
  /** Kills it (SIGKILL by default: nothing is written, clients see the connection drop); resolves once it exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted). */
  restart(): Promise<void>;
  /** Everything it printed. */
  output(): string;
}

/**
 * Starts Debian's `redis-server` in the foreground (`--port <free> --save '' --appendonly no`) and resolves once it
 * accepts connections. Needs {@link REDIS} installed (see `ensureDebianPackages`).
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let out = '';
  let proc: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(REDIS.binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--loglevel', 'notice'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc = child;
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${out}`)), 10_000);
      const onData = (d: Buffer) => {
        out += d;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (d) => (out += d));
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
      new Promise<void>((resolve) => {
        const p = proc;
        if (!p || p.exitCode !== null || p.signalCode !== null) return resolve();
        p.once('exit', () => resolve());
        p.kill(signal);
      }),
    restart: async () => {
      out = '';
      await start();
    },
  };
}
