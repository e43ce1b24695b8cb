/**
 * Keeps this thread's event loop polling instead of sleeping, for a short while: a chain of `setImmediate`s makes
 * libuv poll for I/O with a zero timeout, so a message from another thread or process is picked up at once instead
 * of after waking a sleeping thread (on our VM that wake costs 10–100 µs, more than the rest of a call to a worker).
 * Used on both sides of a host channel (`spin_wait_ms`): by the provider's thread while a call is out, and by a
 * worker or process runtime after it answered a lone call. Returns `poke`: each call extends the polling to
 * `budgetMs` from now; the chain ends at the budget or as soon as `busy()` is false (a poke while it is already
 * false starts nothing). A budget of 0 (or less) turns it off. It costs CPU only while it runs, at most `budgetMs`
 * per poke; other work on the loop runs as usual meanwhile.
 */
export function wakeSpinner(budgetMs: number, busy: () => boolean = () => true): () => void {
  let until = 0;
  let running = false;
  const tick = (): void => {
    if (busy() && performance.now() < until) setImmediate(tick);
    else running = false;
  };
  return () => {
    if (!(budgetMs > 0)) return;
    until = performance.now() + budgetMs;
    if (running || !busy()) return;
    running = true;
    setImmediate(tick);
  };
}
