import { availableParallelism, loadavg } from 'node:os';

/**
 * The most pokes {@link wakeSpinner} passes over after windows that went unused: after a run of misses it polls for
 * one poke in 16, so a pattern that changes (a caller that starts calling back to back) is noticed within 16 calls.
 */
export const MAX_SPIN_SKIPS = 15;

/**
 * A gap between two polls of one window longer than this (ms) means the thread lost its core meanwhile: the machine
 * has no core to spare, and polling there takes one from the thread (or process) being waited for. A window with
 * such a gap counts as unused, whatever ended it.
 */
export const SPIN_PREEMPTED_MS = 0.05;

/**
 * Whether the machine has more runnable work than it has cores to spare for polling: its 1-minute load average above
 * twice its cores (`os.loadavg`, `os.availableParallelism`; read at most once a second). Twice, because a caller
 * calling back to back, the provider's thread and a worker add about two to the load by themselves. Always false
 * where the load average is not known (Windows reports 0).
 */
export function machineCrowded(now = performance.now()): boolean {
  if (now - crowdedAt >= 1000 || crowdedAt < 0) {
    crowdedAt = now;
    crowded = loadavg()[0]! > 2 * availableParallelism();
  }
  return crowded;
}
let crowdedAt = -1;
let crowded = false;

/**
 * Keeps this thread's event loop polling instead of sleeping, for a short while: a chain of `setImmediate`s makes
 * libuv poll for I/O with a zero timeout, so a message from another thread or process is picked up at once instead
 * of after waking a sleeping thread (on our VM that wake costs 10–100 µs, more than the rest of a call to a worker).
 * Used on both sides of a host channel (`spin_wait_ms`): by the provider's thread while a call is out, and by a
 * worker or process runtime after it answered a lone call. Returns `poke`: each call extends the polling to
 * `budgetMs` from now; the chain ends at the budget or as soon as `busy()` is false (a poke while it is already
 * false starts nothing). A budget of 0 (or less) turns it off. It costs CPU only while it runs, at most `budgetMs`
 * per poke; other work on the loop runs as usual meanwhile.
 *
 * It polls only while polling pays: a window that ran out with nothing to show (`busy()` stayed true and no poke came
 * during it) makes the next pokes start nothing — 1, then 3, 7, up to {@link MAX_SPIN_SKIPS} pokes — and a window
 * that was used (`busy()` turned false, or another poke came while it ran) polls on every poke again. So a runtime
 * whose caller sends the next call only after its own round trip (an external client over the bus: 0.3–1 ms later)
 * stops burning `budgetMs` of CPU per call, which on a busy machine the provider's thread and the caller need, while
 * a caller that calls back to back keeps the saving. A window during which the thread lost its core (two polls
 * further apart than `preemptedMs`, default {@link SPIN_PREEMPTED_MS}) counts as unused too: on a machine with no core to spare, polling
 * takes the core the awaited thread needs (measured on the loaded 2-core machine, sequential calls to a worker from
 * an external bus client: 120–215 µs of the provider thread's CPU per call without polling, 235–490 µs with it, and
 * slower calls). For the same reason nothing polls while {@link machineCrowded} (`crowded`) says the machine's load
 * is above twice its cores.
 */
export function wakeSpinner(
  budgetMs: number,
  busy: () => boolean = () => true,
  preemptedMs = SPIN_PREEMPTED_MS,
  crowded: () => boolean = machineCrowded,
): () => void {
  let until = 0;
  let running = false;
  /** The running window was used: another poke came while it ran. */
  let used = false;
  let skips = 0;
  let backoff = 0;
  const end = (paid: boolean): void => {
    running = false;
    backoff = paid ? 0 : Math.min(backoff * 2 + 1, MAX_SPIN_SKIPS);
    skips = backoff;
  };
  /**
   * When the window polled last (-1: the gap to the next poll holds work, not waiting: the turn that started the
   * window, or a call handled during it), and whether a poll came late (the thread was off its core).
   */
  let lastPoll = -1;
  let preempted = false;
  const tick = (): void => {
    // what it waited for came (its handling ran before this poll, so the gap is not measured)
    if (!busy()) return end(!preempted);
    const now = performance.now();
    if (lastPoll >= 0 && now - lastPoll > preemptedMs) preempted = true;
    lastPoll = now;
    if (now < until) setImmediate(tick);
    else end(used && !preempted);
  };
  return () => {
    if (!(budgetMs > 0)) return;
    if (running) {
      used = true;
      lastPoll = -1;
      until = performance.now() + budgetMs;
      return;
    }
    if (skips > 0) {
      skips--;
      return;
    }
    if (!busy() || crowded()) return;
    lastPoll = -1;
    until = performance.now() + budgetMs;
    running = true;
    used = false;
    preempted = false;
    setImmediate(tick);
  };
}
