/**
 * How many `AbortController`s (and so `AbortSignal`s) are created while `fn` runs and its promise settles: for a
 * test that a hot path makes none, e.g. that a tool which never reads `ctx.signal` costs no signal when called
 * with a `LazyAbortController`. Replaces `globalThis.AbortController` with a counting subclass for the duration
 * and always restores it, so run it only where nothing else creates controllers concurrently.
 * @returns the count, and what `fn` resolved with.
 * @throws whatever `fn` throws or rejects with (after restoring the global).
 */
export async function countAbortControllers<T>(fn: () => Promise<T> | T): Promise<{ count: number; value: T }> {
  const Original = globalThis.AbortController;
  let count = 0;
  globalThis.AbortController = class extends Original {
    constructor() {
      super();
      count++;
    }
  };
  try {
    const value = await fn();
    return { count, value };
  } finally {
    globalThis.AbortController = Original;
  }
}
