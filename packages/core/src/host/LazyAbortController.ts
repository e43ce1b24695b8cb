/**
 * An `AbortController` whose `AbortSignal` is created only when something reads {@link signal}. Most tool calls
 * finish without anyone looking at their signal, and creating one (an `EventTarget`) costs more than the rest of
 * a trivial call. Aborting before the signal exists records the reason; the signal is then born aborted with it.
 * {@link onAbort} lets code react to the abort without creating the signal.
 *
 * The provider's execution policy makes one per call and hands it to hosts as `HostCallContext.abort` (beside
 * `signal`, which reads it); `ToolBox.callTool` accepts it as `CallToolOptions.abort`.
 *
 * @example
 * const abort = new LazyAbortController();
 * const stop = abort.onAbort((reason) => console.log('cut off:', reason)); // no AbortSignal yet
 * abort.abort(new Error('time limit'));                                     // logs; still none
 * abort.signal.aborted;                                                     // true: created now, already aborted
 */
export class LazyAbortController {
  private controller: AbortController | undefined;
  private listeners: Array<(reason: unknown) => void> | undefined;
  private abortReason: unknown;
  private isAborted = false;

  /** The signal, created on first read (already aborted, with {@link reason}, if {@link abort} came first). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.isAborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** Whether {@link abort} was called; reading it creates nothing. */
  get aborted(): boolean {
    return this.isAborted;
  }

  /** What {@link abort} was called with (`undefined` before); reading it creates nothing. */
  get reason(): unknown {
    return this.abortReason;
  }

  /**
   * Aborts: records `reason` (default a `DOMException` named `AbortError`, as `AbortController.abort()`), calls the
   * {@link onAbort} listeners in the order they were added, then fires the signal if it exists. Later calls do nothing.
   */
  abort(reason?: unknown): void {
    if (this.isAborted) return;
    this.isAborted = true;
    this.abortReason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) {
      for (const listener of listeners) {
        try {
          listener(this.abortReason);
        } catch (err) {
          // as with an AbortSignal listener: the others still run, and the error surfaces as an uncaught exception
          queueMicrotask(() => {
            throw err;
          });
        }
      }
    }
    this.controller?.abort(this.abortReason);
  }

  /**
   * Calls `listener` once, with the reason, when {@link abort} is called (never if it was already called: check
   * {@link aborted} first). As with an `AbortSignal` listener, one that throws does not stop the others, and its
   * error is reported as an uncaught exception. Creates no signal.
   * @returns a function that removes the listener (idempotent).
   */
  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.isAborted) return noop;
    (this.listeners ??= []).push(listener);
    return () => {
      const i = this.listeners?.indexOf(listener) ?? -1;
      if (i >= 0) this.listeners!.splice(i, 1);
    };
  }
}

const noop = (): void => {};

/**
 * Calls `listener` once when `source` aborts, and returns the function that stops listening. A
 * {@link LazyAbortController} is listened to with `onAbort`, so its signal is not created; an `AbortSignal` with a
 * `once` listener. Never calls `listener` for a source that is already aborted: check `source.aborted` first. The two
 * are told apart by shape, not `instanceof`, because the caller's copy of this package may not be the callee's.
 */
export function listenForAbort(source: AbortSignal | LazyAbortController, listener: () => void): () => void {
  if (typeof (source as AbortSignal).addEventListener !== 'function') return (source as LazyAbortController).onAbort(listener);
  const signal = source as AbortSignal;
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
