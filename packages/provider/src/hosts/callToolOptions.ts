import type { CallToolOptions, JsonObject, LazyAbortController, ToolProgress } from '@ovos-tools/core';

/**
 * `ToolBox.callTool`'s options for one call made by a host (inline, or the worker/process runtime). A
 * {@link LazyAbortController} goes on as `abort`, so a tool that never reads `ctx.signal` costs no `AbortSignal`,
 * and `signal` is a getter that creates it on first read, for a toolbox built on an older core that knows only
 * `signal`. A class, so that getter lives on the prototype and every call's options have one shape (an object
 * literal with a getter measured several times slower on the hot path).
 */
class LazyCallToolOptions implements CallToolOptions {
  readonly onProgress?: (progress: ToolProgress) => void;
  /** No limit of `callTool`'s own: the policy's deadline, through `abort`, is the call's only one. */
  readonly timeoutMs = Infinity;

  constructor(
    readonly abort: LazyAbortController,
    readonly context: JsonObject,
    onProgress: ((progress: ToolProgress) => void) | undefined,
  ) {
    if (onProgress) this.onProgress = onProgress;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

/**
 * The options for `callTool`: from a lazy controller (the policy's, or the runtime's own) as described on
 * `LazyCallToolOptions`, or from a plain `AbortSignal` as they are. Told apart by shape, like core's `listenForAbort`.
 * `timeoutMs` is `Infinity` either way: a call has one time limit, the policy's (config `tool_timeouts`, else the
 * tool's `timeoutMs`, else `default_timeout_ms`), which reaches the tool as this abort; `callTool` must not start a
 * second timer from the tool's own `timeoutMs`, which would cut a call the config allows longer.
 */
export function callToolOptions(abort: AbortSignal | LazyAbortController, context: JsonObject, onProgress?: (progress: ToolProgress) => void): CallToolOptions {
  if (typeof (abort as AbortSignal).addEventListener !== 'function') return new LazyCallToolOptions(abort as LazyAbortController, context, onProgress);
  return { signal: abort as AbortSignal, context, timeoutMs: Infinity, ...(onProgress ? { onProgress } : {}) };
}
