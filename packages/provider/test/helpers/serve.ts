import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';
import { providerDir } from './pluginRoot.js';

/** The built CLI entry. */
export const cliPath = path.join(providerDir, 'bin', 'ovos-tools.js');

/** A free TCP port on 127.0.0.1 (bound, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A running `ovos-tools serve` child process. */
export interface ServeProcess {
  proc: ChildProcess;
  url: string;
  /** Everything printed so far. */
  output(): string;
  /** SIGTERM and wait for exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `ovos-tools serve` as a user would (a separate node process) and resolves once it prints its banner.
 * With no `url` given it serves its own embedded bus on a free loopback port (`--embedded-bus always`, unless `args`
 * say otherwise): a port another suite's bus took between the pick and the start (the lines and packages run side by
 * side) would otherwise be joined, and its owner closing it breaks the test; a port taken so is picked again (3 tries).
 * @param args - extra CLI args, e.g. `['--plugins', dir]`.
 * @param env - extra environment variables.
 * @param options - `cwd` of the process; `url` of the bus (default: a free loopback port); `urlFromEnv` passes
 *   it as `$OVOS_TOOLS_BUS_URL` instead of `--bus-url`.
 */
export async function startServe(args: string[], env: NodeJS.ProcessEnv = {}, options: { cwd?: string; url?: string; urlFromEnv?: boolean } = {}): Promise<ServeProcess> {
  const ownPort = options.url === undefined;
  const busArgs = ownPort && !args.includes('--embedded-bus') ? ['--embedded-bus', 'always'] : [];
  for (let attempt = 1; ; attempt++) {
    const url = options.url ?? `ws://127.0.0.1:${await freePort()}/core`;
    try {
      return await startServeAt(url, [...busArgs, ...args], env, options);
    } catch (err) {
      const taken = /could not start the embedded messagebus: port \d+ on .* is (already )?in use/.test((err as Error).message);
      if (!ownPort || !taken || attempt >= 3) throw err;
    }
  }
}

async function startServeAt(url: string, args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string; urlFromEnv?: boolean }): Promise<ServeProcess> {
  const urlArgs = options.urlFromEnv ? [] : ['--bus-url', url];
  const proc = spawn(process.execPath, [cliPath, 'serve', ...urlArgs, ...args], {
    cwd: options.cwd,
    env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn', ...(options.urlFromEnv ? { OVOS_TOOLS_BUS_URL: url } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    // 60 s: a machine running several suites at once took over 20 s to start one
    const timer = setTimeout(() => reject(new Error(`serve did not start within 60 s:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes('ovos-tools provider serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${out}`));
    });
  });
  return {
    proc,
    url,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}

/**
 * A client that speaks only the OVOS wire format over a raw websocket, like a Python `MessageBusClient`:
 * frames `{type, data, context}`, answers matched by type (`<type>.response`), first one wins.
 */
export class RawOvosClient {
  private readonly ws: WebSocket;
  readonly frames: Array<{ type: string; data: Record<string, unknown>; context: Record<string, unknown> }> = [];
  private waiters: Array<{ type: string; resolve: (f: RawOvosClient['frames'][number]) => void }> = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (raw) => {
      let frame;
      try {
        frame = JSON.parse(raw.toString());
      } catch {
        return; // the bus relays every frame, malformed ones included
      }
      if (!frame || typeof frame !== 'object' || typeof frame.type !== 'string') return;
      this.frames.push(frame);
      const i = this.waiters.findIndex((w) => w.type === frame.type);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
    });
  }

  static connect(url: string): Promise<RawOvosClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new RawOvosClient(ws)));
      ws.once('error', reject);
    });
  }

  send(type: string, data: Record<string, unknown> = {}, context: Record<string, unknown> = { source: 'python-skill', destination: 'phal' }): void {
    this.ws.send(JSON.stringify({ type, data, context }));
  }

  /** Sends a raw text frame as is (for malformed-frame tests). */
  sendRaw(frame: string): void {
    this.ws.send(frame);
  }

  /** True while the socket is open. */
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Resolves with the first frame of `type` received so far, else the next one; rejects after `timeoutMs`. */
  first(type: string, timeoutMs = 10_000): Promise<RawOvosClient['frames'][number]> {
    const seen = this.frames.find((f) => f.type === type);
    return seen ? Promise.resolve(seen) : this.next(type, timeoutMs);
  }

  /** Resolves with the next frame of `type`, or rejects after `timeoutMs`. */
  next(type: string, timeoutMs = 10_000): Promise<RawOvosClient['frames'][number]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ type, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /** Sends a request and resolves with its `.response` frame. */
  async request(type: string, data: Record<string, unknown> = {}, timeoutMs = 10_000) {
    const reply = this.next(`${type}.response`, timeoutMs);
    this.send(type, data);
    return reply;
  }

  close(): void {
    this.ws.close();
  }
}
