import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger, type HostCallContext, type Logger } from '@ovos-tools/core';
import { McpToolboxHost, type McpServerSpec, type McpTimings, type McpToolSelection } from '../src/index.js';

export const fixtureServer = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'fixtureServer.mjs');

/** Fast restarts for tests. */
export const timings: McpTimings = { connectTimeoutMs: 20_000, restartDelayMs: 50, maxRestartDelayMs: 500, maxRestarts: 3 };

export const stdioFixture = (env: Record<string, string> = {}, selection: Partial<McpToolSelection> = {}): McpServerSpec => ({ transport: 'stdio', command: process.execPath, args: [fixtureServer], env, prefix: '', ...selection });

export function startHost(spec: McpServerSpec, toolboxId = 'fixture', t: Partial<McpTimings> = {}, logger: Logger = silentLogger): Promise<McpToolboxHost> {
  return McpToolboxHost.start({ toolboxId, spec, timings: { ...timings, ...t }, logger });
}

/** A logger that keeps its lines as `<level>: <message>`. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A call context with a time limit of `timeoutMs`, optionally tied to `controller`. */
export function ctx(timeoutMs = 20_000, controller = new AbortController()): HostCallContext {
  return { signal: controller.signal, timeoutMs, deadline: Date.now() + timeoutMs, context: {} };
}

/** Starts the fixture over Streamable HTTP (on `port`, default a free one); resolves with its URL and the process. */
export function startHttpFixture(port = 0): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [fixtureServer, 'http', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`http fixture exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\S+)/.exec(String(d));
      if (m) resolve({ url: m[1]!, child });
    });
  });
}

/** Kills `child` and resolves once it has exited (its port is free again). */
export function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A free TCP port on 127.0.0.1 (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The port of an `http://127.0.0.1:<port>/…` URL. */
export const portOf = (url: string): number => Number(new URL(url).port);

export async function until(check: () => boolean | Promise<boolean>, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
