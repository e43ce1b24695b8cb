import { readFileSync } from 'node:fs';

/** What asked the provider to stop. */
export type ShutdownReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent exited';

/** Signals this soon after the first (ms) repeat it rather than ask to force the stop. */
export const DUPLICATE_SIGNAL_MS = 1000;

/** The signals that stop `ovos-tools serve`. */
export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How often a provider started by a package manager checks that the processes that started it are still there, in ms. */
export const PARENT_POLL_MS = 250;

/**
 * True when a package manager started this process: `npx`, `npm exec`, `npm run`/`npm start`, `pnpm` and `yarn`
 * all set `npm_lifecycle_event`. They run the command through a shell (`sh -c`) and, on SIGTERM or SIGINT, signal
 * only that shell, which dies without passing the signal on: the provider would be left running, re-parented to
 * PID 1, holding its port.
 */
export function startedByPackageManager(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.npm_lifecycle_event === 'string' && env.npm_lifecycle_event !== '';
}

/**
 * Resolves with the first reason to stop: SIGINT, SIGTERM or SIGHUP, or `parent exited`:
 *
 * - when the process was started with an IPC channel (as `npm start` / `scripts/quickstart.mjs` does), that
 *   channel closing because the parent exited, however it died (the channel is unref'd so it never keeps the
 *   process alive by itself);
 * - otherwise, with `watchParent` (default: {@link startedByPackageManager}), the parent process going away (this
 *   process is re-parented) or, on Linux, the parent's own parent going away (`npx` → `sh -c` → `ovos-tools`: npm
 *   killed, its shell left behind), checked every {@link PARENT_POLL_MS} ms. So `npx ovos-tools serve` stops on
 *   a SIGTERM or SIGINT sent to npx, which npm does not pass on. A provider started directly (a shell, systemd,
 *   `nohup`) is not tied to its parent and gets its signals itself.
 *
 * A second signal while shutting down calls `onForce` (default: exit at once with 128 + signal number), so
 * an operator can always cut a slow drain short. Signals within {@link DUPLICATE_SIGNAL_MS} of the first are
 * taken as the same request, not a second one: Ctrl-C reaches every process of the terminal's foreground group,
 * so a provider under `npm start` gets SIGINT from the terminal and again forwarded by its parent.
 */
export function shutdownSignal(onForce: (signal: NodeJS.Signals) => void = forceExit, watchParent: boolean = startedByPackageManager()): Promise<ShutdownReason> {
  return new Promise((resolve) => {
    let stoppedAt: number | undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stoppedAt !== undefined) {
        if (Date.now() - stoppedAt >= DUPLICATE_SIGNAL_MS) onForce(signal);
        return;
      }
      stoppedAt = Date.now();
      resolve(signal as ShutdownReason);
    };
    for (const s of SHUTDOWN_SIGNALS) process.on(s, onSignal);
    const onParentGone = () => {
      if (stoppedAt !== undefined) return;
      stoppedAt = Date.now();
      resolve('parent exited');
    };
    if (process.channel) {
      process.channel.unref();
      process.once('disconnect', onParentGone);
    } else if (watchParent) {
      whenParentGone(onParentGone);
    }
  });
}

/** Calls `onGone` once the parent, or the parent's parent (Linux), is no longer the process it was at start. */
function whenParentGone(onGone: () => void): void {
  const parent = process.ppid;
  const grandparent = parentOf(parent);
  const timer = setInterval(() => {
    if (process.ppid === parent && (grandparent === null || grandparent <= 1 || parentOf(parent) === grandparent)) return;
    clearInterval(timer);
    onGone();
  }, PARENT_POLL_MS);
  timer.unref();
}

/** The parent pid of `pid` from `/proc/<pid>/stat`, or `null` when it cannot be read (gone, or not Linux). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "<pid> (<comm>) <state> <ppid> ...": comm may hold spaces and parentheses, so read after the last ')'
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function forceExit(signal: NodeJS.Signals): void {
  process.stderr.write(`ovos-tools: second ${signal} while shutting down; exiting without waiting\n`);
  process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 0));
}
