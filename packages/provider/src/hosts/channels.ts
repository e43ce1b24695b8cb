import { fork, type ChildProcess } from 'node:child_process';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Logger } from '@ovos-tools/core';
import { batchingPoster, forEachMessage, type Unsent } from './batching.js';
import type { HostInit, ToHost } from './protocol.js';

/** The runtime entry module that worker and process hosts start (`runtime/hostMain.js`, beside this file in dist). */
export const RUNTIME_URL = new URL('./runtime/hostMain.js', import.meta.url);

/**
 * A live channel to one toolbox runtime (a worker thread or a child process). `onExit` fires once, with a
 * sentence saying why the runtime stopped (exit code, signal, memory limit, uncaught error).
 */
export interface HostChannel {
  /**
   * Sends `message`; messages posted in one event-loop turn cross together (see `batching.ts`). `unsent` is
   * called (later, never from inside `post`) when the message could not be sent, e.g. arguments that cannot be
   * cloned.
   */
  post(message: ToHost, unsent?: Unsent): void;
  /** Receives every message from the runtime, batches unpacked, in order. */
  onMessage(listener: (message: unknown) => void): void;
  /**
   * Calls `listener` once when the runtime stops, with a sentence saying why. `collateral` is true when it stopped
   * because another toolbox sharing its worker was stopped (see `WorkerGroup`): not this toolbox's fault.
   */
  onExit(listener: (reason: string, collateral?: boolean) => void): void;
  /** Ends the runtime at once (on a shared worker: the whole worker, and the toolboxes it holds); resolves when it is gone. */
  terminate(): Promise<void>;
  /**
   * Ends this toolbox's runtime cleanly when no call of it is running: on a shared worker it closes only this
   * toolbox, and the worker keeps serving the others. Channels without it are ended with {@link terminate}.
   */
  release?(): Promise<void>;
}

/** What every channel kind needs to start a runtime. */
export interface ChannelOptions {
  /** What the runtime needs to load the toolbox. */
  init: HostInit;
  /** Heap limit of the runtime, in MB (V8 old generation). */
  memoryLimitMb: number;
  /** The runtime's environment (already reduced to what the config grants). */
  env: Record<string, string>;
  /** Receives the runtime's stdout/stderr lines (never the provider's own stdout, which may carry a protocol). */
  logger: Logger;
}

/** Starts a toolbox runtime in a `worker_threads` Worker with `resourceLimits` and its own (reduced) `process.env`. */
export function startWorkerChannel(options: ChannelOptions): HostChannel {
  const worker = new Worker(RUNTIME_URL, {
    workerData: options.init,
    env: options.env,
    stdout: true,
    stderr: true,
    resourceLimits: workerResourceLimits(options.memoryLimitMb),
  });
  pipeLines(worker.stdout, options.logger, 'stdout');
  pipeLines(worker.stderr, options.logger, 'stderr');
  let error: string | undefined;
  const exitListeners: Array<(reason: string) => void> = [];
  worker.on('error', (err: Error & { code?: string }) => {
    error = workerErrorText(err, options.memoryLimitMb);
  });
  worker.on('exit', (code) => {
    const reason = error ?? `its worker exited with code ${code}`;
    for (const l of exitListeners.splice(0)) l(reason);
  });
  const post = batchingPoster<ToHost>((m) => worker.postMessage(m));
  let exited = false;
  worker.once('exit', () => (exited = true));
  return {
    post,
    onMessage: (l) => void worker.on('message', (raw) => forEachMessage(raw, l)),
    onExit: (l) => void exitListeners.push(l),
    terminate: async () => {
      await worker.terminate();
    },
    // ended cleanly: the runtime closes its toolbox once no import of it is in flight, then the worker is ended
    release: async () => {
      if (!exited) {
        await untilReleased(worker, (l) => worker.on('message', (raw) => forEachMessage(raw, l)), () => post({ t: 'release' }));
      }
      await worker.terminate();
    },
  };
}

/**
 * How long the provider waits for a runtime's `released` answer before it ends the worker anyway, ms: the runtime's
 * own bound (`RELEASE_WAIT_MS`, 2000) for its load or warm-up, plus time to close the toolbox.
 */
export const RELEASE_ANSWER_WAIT_MS = 3000;

/**
 * Sends a release (`send`) and resolves when the runtime answers `released` (seen through `listen`), the worker
 * exits, or {@link RELEASE_ANSWER_WAIT_MS} passed: then the worker can be terminated without cutting a module import
 * in flight (which aborts the whole process in V8). Never rejects.
 */
export function untilReleased(worker: Worker, listen: (listener: (message: unknown) => void) => void, send: () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, RELEASE_ANSWER_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    listen((m) => (m as { t?: unknown } | null)?.t === 'released' && done());
    worker.once('exit', done);
    send();
  });
}

/**
 * The V8 heap limits of a worker host with heap limit `memoryLimitMb` (`memory_limit_mb`): the old generation is the
 * limit itself; the young generation (where short-lived objects are allocated) is 1/32 of it, between 4 and 8 MB.
 * A young generation grows to its limit under steady load and stays there until the thread idles, so across the
 * provider's threads it is much of what load adds to memory. Its size hardly changes the work of a call: parsing,
 * extracting and converting an article page cost the same per page within noise with 4, 8, 16 or 32 MB here, and
 * a provider answering `add` in a loop used the same CPU per call with a 2 MB semi-space as with V8's default 16 MB.
 */
export function workerResourceLimits(memoryLimitMb: number): ResourceLimits {
  return { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: Math.min(8, Math.max(4, Math.floor(memoryLimitMb / 32))) };
}

/** Why a worker failed, from its `error` event: its memory limit, or an uncaught error. */
export function workerErrorText(err: Error & { code?: string }, memoryLimitMb: number): string {
  return err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it passed its memory limit of ${memoryLimitMb} MB (memory_limit_mb)` : `it threw an uncaught ${err.name}: ${err.message}`;
}

/**
 * Node's permission-model flags: `--permission` on Node ≥ 22 (`--experimental-permission` before), grants as
 * repeated flags (Node ≥ 20.20; older 20.x releases take one comma-separated list).
 */
export function permissionFlags(grants: { fsRead: readonly string[]; fsWrite: readonly string[]; childProcess: boolean; worker: boolean }): string[] {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const repeated = major > 20 || minor >= 20;
  const flags: string[] = [];
  const list = (flag: string, paths: readonly string[]) => {
    if (!paths.length) return;
    if (repeated) for (const p of paths) flags.push(`${flag}=${p}`);
    else flags.push(`${flag}=${paths.join(',')}`);
  };
  flags.push(major >= 22 ? '--permission' : '--experimental-permission');
  list('--allow-fs-read', grants.fsRead);
  list('--allow-fs-write', grants.fsWrite);
  if (grants.childProcess) flags.push('--allow-child-process');
  if (grants.worker) flags.push('--allow-worker');
  return flags;
}

/** What a process host adds: the permission-model grants of its toolbox. */
export interface ProcessChannelOptions extends ChannelOptions {
  /** Node flags of the child process: the permission-model grants of its toolbox. */
  execArgv: string[];
}

/** Starts a toolbox runtime in a child Node process (IPC channel, reduced env, permission flags, heap limit). */
export function startProcessChannel(options: ProcessChannelOptions): HostChannel {
  const child: ChildProcess = fork(new URL(RUNTIME_URL), [], {
    execArgv: ['--no-warnings', ...options.execArgv, `--max-old-space-size=${options.memoryLimitMb}`],
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let outOfMemory = false;
  pipeLines(child.stdout!, options.logger, 'stdout');
  pipeLines(child.stderr!, options.logger, 'stderr', (line) => {
    if (/heap limit|heap out of memory/i.test(line)) outOfMemory = true;
  });
  const exitListeners: Array<(reason: string) => void> = [];
  let spawnError: string | undefined;
  let spawned = false;
  child.on('error', (err) => {
    // Once running, an error is a message that could not reach it (`write EPIPE`: it has just died, e.g. past its
    // memory limit): its exit says why, so the caller reads that rather than the broken pipe. Kill it in case it lives.
    if (spawned) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return;
    }
    spawnError = `its process could not run: ${err.message}`;
    for (const l of exitListeners.splice(0)) l(spawnError);
  });
  child.on('exit', (code, signal) => {
    const reason = outOfMemory
      ? `it passed its memory limit of ${options.memoryLimitMb} MB (memory_limit_mb)`
      : signal
        ? `its process was killed by ${signal}`
        : `its process exited with code ${code}`;
    for (const l of exitListeners.splice(0)) l(reason);
  });
  child.once('spawn', () => {
    spawned = true;
    child.send(options.init);
  });
  return {
    post: batchingPoster((m) => {
      if (child.connected) child.send(m);
    }),
    onMessage: (l) => void child.on('message', (raw) => forEachMessage(raw, l)),
    onExit: (l) => void exitListeners.push(l),
    terminate: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || spawnError) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Writes each line `stream` carries to `logger` as a warning (`<name>: <line>`), cut at 64 KiB. */
export function pipeLines(stream: NodeJS.ReadableStream, logger: Logger, name: string, inspect?: (line: string) => void): void {
  let buffer = '';
  stream.setEncoding?.('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      inspect?.(line);
      if (line.trim()) logger.warn(`${name}: ${line}`);
    }
    if (buffer.length > 64 * 1024) {
      logger.warn(`${name}: ${buffer.slice(0, 64 * 1024)} [cut]`);
      buffer = '';
    }
  });
}
