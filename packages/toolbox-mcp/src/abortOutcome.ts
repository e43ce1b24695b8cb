import { ToolAbortedError, toWireError, type CallOutcome } from '@ovos-tools/core';

/**
 * The outcome of a call whose signal fired: the signal's reason when it is a tool error (the provider policy's
 * `timeout`), else `aborted` naming the tool and toolbox.
 */
export function abortOutcome(signal: AbortSignal, name: string, toolboxId: string): CallOutcome {
  const reason = signal.reason as { ovosClass?: unknown; code?: unknown } | undefined;
  if (reason && typeof reason.ovosClass === 'string' && typeof reason.code === 'string') return { ok: false, error: toWireError(reason) };
  return { ok: false, error: toWireError(new ToolAbortedError(name, toolboxId, { cause: reason })) };
}

/** `promise`'s value, or `undefined` as soon as `signal` fires (the promise is left to settle on its own). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((v) => {
      signal.removeEventListener('abort', onAbort);
      resolve(v);
    });
  });
}
