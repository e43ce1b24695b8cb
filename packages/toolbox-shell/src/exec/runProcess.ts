import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import os from 'node:os';
import { CappedOutput } from './CappedOutput.js';
import { MAX_TIMER_MS } from '@ovos-tools/core/node';


/** The signature of `child_process.spawn` this module uses; injectable for instrumentation and tests. */
export type SpawnFunction = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

/** What {@link runProcess} needs. */
export interface RunProcessOptions {
  /** The script given to `/bin/sh -c`. */
  script: string;
  /** Working directory (absolute, existing). */
  cwd: string;
  /** The complete child environment. */
  env: Record<string, string>;
  /** Seconds before the process group is killed. */
  timeoutSeconds: number;
  /** Bytes kept per stream. */
  maxOutputBytes: number;
  /** Aborts the run: the process group is killed. */
  signal?: AbortSignal;
  /** Defaults to `child_process.spawn`. */
  spawn?: SpawnFunction;
  /** Delay between SIGTERM and SIGKILL on timeout or abort; default 1000 ms. */
  killGraceMs?: number;
  /**
   * A sandbox launcher and its options, run with `/bin/sh -c script` appended (e.g. `['/usr/bin/bwrap', ...]`);
   * default none: `/bin/sh` is spawned directly.
   */
  argvPrefix?: readonly string[];
}

/** The outcome of {@link runProcess}. */
export interface ProcessOutcome {
  /** Standard output, decoded as UTF-8 and cut at the output limit. */
  stdout: string;
  /** Standard error, likewise. */
  stderr: string;
  /** Exit code; `-N` when killed by signal N (Python `subprocess` convention); `-1` when it could not start. */
  returncode: number;
  /** The time limit killed it. */
  timedOut: boolean;
  /** The caller's signal killed it. */
  aborted: boolean;
  /** Set when the process could not be started (e.g. `spawn` failed). */
  spawnError?: Error;
}

/**
 * Runs `/bin/sh -c script` (behind `argvPrefix` when given) in its own process group (`detached: true`) with stdin on `/dev/null`, both
 * outputs captured up to `maxOutputBytes`, and a timeout. On timeout or abort the whole group gets SIGTERM,
 * then SIGKILL after the grace period; when the shell exits, whatever is left of its group is killed too,
 * so no background child outlives the call. If a process that left the group keeps the pipes open, the
 * streams are closed 2 s after the shell exits. Never rejects.
 */
export function runProcess(options: RunProcessOptions): Promise<ProcessOutcome> {
  const spawn = options.spawn ?? (nodeSpawn as SpawnFunction);
  const grace = options.killGraceMs ?? 1000;
  const stdout = new CappedOutput(options.maxOutputBytes);
  const stderr = new CappedOutput(options.maxOutputBytes);
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      const argv = [...(options.argvPrefix ?? []), '/bin/sh', '-c', options.script];
      child = spawn(argv[0]!, argv.slice(1), {
        cwd: options.cwd,
        env: options.env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (err) {
      resolve({ stdout: '', stderr: '', returncode: -1, timedOut: false, aborted: false, spawnError: err as Error });
      return;
    }
    const pid = child.pid;
    let timedOut = false;
    let aborted = false;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (sig: NodeJS.Signals) => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, sig);
      } catch {
        /* ESRCH: the group is gone */
      }
    };
    const terminate = () => {
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), grace));
    };
    const onAbort = () => {
      aborted = true;
      terminate();
    };
    const finish = (code: number | null, sig: NodeJS.Signals | null, spawnError?: Error) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup('SIGKILL');
      const returncode = code ?? (sig ? -(os.constants.signals[sig] ?? 1) : -1);
      resolve({ stdout: stdout.text(), stderr: stderr.text(), returncode, timedOut, aborted, spawnError });
    };
    child.stdout?.on('data', (c: Buffer) => stdout.push(c));
    child.stderr?.on('data', (c: Buffer) => stderr.push(c));
    child.on('error', (err) => finish(null, null, err));
    child.on('exit', () => {
      killGroup('SIGKILL'); // leftovers of the group: background jobs, daemons that kept the group
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, 2000),
      );
    });
    child.on('close', (code, sig) => finish(code, sig));
    timers.push(
      setTimeout(() => {
        timedOut = true;
        terminate();
      }, Math.min(MAX_TIMER_MS, Math.max(0, options.timeoutSeconds * 1000))),
    );
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
