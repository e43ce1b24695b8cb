/** What asked the provider to stop. */
export type ShutdownReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent exited';

/** Signals this soon after the first (ms) repeat it rather than ask to force the stop. */
export const DUPLICATE_SIGNAL_MS = 1000;

/** The signals that stop `ovos-tools serve`. */
export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Resolves with the first reason to stop: SIGINT, SIGTERM or SIGHUP, or — when the process was started with
 * an IPC channel (as `npm start` / `scripts/quickstart.mjs` does) — that channel closing because the parent
 * exited, however it died. The IPC channel is unref'd so it never keeps the process alive by itself.
 *
 * A second signal while shutting down calls `onForce` (default: exit at once with 128 + signal number), so
 * an operator can always cut a slow drain short. Signals within {@link DUPLICATE_SIGNAL_MS} of the first are
 * taken as the same request, not a second one: Ctrl-C reaches every process of the terminal's foreground group,
 * so a provider under `npm start` gets SIGINT from the terminal and again forwarded by its parent.
 */
export function shutdownSignal(onForce: (signal: NodeJS.Signals) => void = forceExit): Promise<ShutdownReason> {
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
    if (process.channel) {
      process.channel.unref();
      process.once('disconnect', () => {
        if (stoppedAt !== undefined) return;
        stoppedAt = Date.now();
        resolve('parent exited');
      });
    }
  });
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function forceExit(signal: NodeJS.Signals): void {
  process.stderr.write(`ovos-tools: second ${signal} while shutting down; exiting without waiting\n`);
  process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 0));
}
