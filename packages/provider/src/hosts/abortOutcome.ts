import { ToolAbortedError, toWireError, type CallOutcome } from '@ovos-tools/core';

/**
 * The outcome of a call whose signal fired: the signal's reason as a wire error when it is a tool error
 * (the policy aborts with a `ToolTimeoutError` at the time limit), else `aborted`.
 */
export function abortOutcome(signal: AbortSignal, name: string, toolboxId: string): CallOutcome {
  const reason = signal.reason as { ovosClass?: unknown; code?: unknown } | undefined;
  if (reason && typeof reason.ovosClass === 'string' && typeof reason.code === 'string') return { ok: false, error: toWireError(reason) };
  return { ok: false, error: toWireError(new ToolAbortedError(name, toolboxId, { cause: reason })) };
}
