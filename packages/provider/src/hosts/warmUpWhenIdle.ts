import type { ToolboxHost } from '@ovos-tools/core';

/** Options of {@link warmUpWhenIdle}. */
export interface WarmUpWhenIdleOptions {
  /** Whether calls are running now (the execution policy's count). */
  busy: () => boolean;
  /** How long no call must have run before the warm-ups start, ms; default 250. */
  idleMs?: number;
  /** The warm-ups start after this long at the latest, busy or not, ms; default 5000. */
  maxDelayMs?: number;
}

/**
 * Starts the warm-up of `hosts` (`ToolboxHost.warmUp`) once the provider has run no call for `idleMs`, or after
 * `maxDelayMs` at the latest. Warming every toolbox at once takes all the CPU a small machine has for a few hundred
 * milliseconds; a call made right after "serving" (a script that starts the provider and asks at once) would wait
 * for all of it, when it needs only what its own tool loads. That call loads it itself, through the same loaders,
 * and the rest warms once it is done. Returns a function that cancels what has not started. Timers are `unref`'d.
 */
export function warmUpWhenIdle(hosts: readonly ToolboxHost[], options: WarmUpWhenIdleOptions): () => void {
  const idleMs = options.idleMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  const started = performance.now();
  let idleSince = started;
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    const now = performance.now();
    if (options.busy()) idleSince = now;
    if (now - idleSince >= idleMs || now - started >= maxDelayMs) {
      timer = undefined;
      for (const host of hosts) host.warmUp?.();
      return;
    }
    timer = setTimeout(check, Math.min(50, idleMs));
    timer.unref();
  };
  if (hosts.some((h) => h.warmUp)) {
    timer = setTimeout(check, Math.min(50, idleMs));
    timer.unref();
  }
  return () => clearTimeout(timer);
}
