import { ToolAbortedError, toWireError, type CallOutcome } from '@ovos-tools/core';

/**
 * The outcome of a call whose signal fired: the abort's reason as a wire error when it is a tool error
 * (the policy aborts with a `ToolTimeoutError` at the time limit), else `aborted`.
 * @param source - the call's `AbortSignal`, or its `LazyAbortController` (reading its reason creates no signal).
 */
export function abortOutcome(source: { readonly reason: unknown }, name: string, toolboxId: string): CallOutcome {
  const reason = source.reason as { ovosClass?: unknown; code?: unknown } | undefined;
  if (reason && typeof reason.ovosClass === 'string' && typeof reason.code === 'string') return { ok: false, error: toWireError(reason) };
  return { ok: false, error: toWireError(new ToolAbortedError(name, toolboxId, { cause: reason })) };
}
