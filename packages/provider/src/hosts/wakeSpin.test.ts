import { describe, expect, it } from 'vitest';
import { machineCrowded, MAX_SPIN_SKIPS, wakeSpinner } from './wakeSpin.js';

// the tests that expect a window to count as used do not count late polls (a loaded machine preempts the test's thread)
const NEVER_LATE = Number.POSITIVE_INFINITY;
// and none runs on a crowded machine unless a test says so (the test machine may well be crowded)
const ROOMY = () => false;

/** Resolves after the event loop has gone through `n` check phases. */
const turns = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : setImmediate(step, left - 1));
  step(n);
});

/** Waits past a 1 ms window, then two check phases: the window's last poll (queued before ours) has ended it. */
const pastWindow = async () => {
  await new Promise((r) => setTimeout(r, 10));
  await turns(2);
};

describe('wakeSpinner: keeps the loop polling while an answer is awaited', () => {
  it('polls every turn while busy, and stops as soon as busy() is false', async () => {
    let asked = 0;
    let busy = true;
    const poke = wakeSpinner(60_000, () => (asked++, busy), undefined, ROOMY);
    poke();
    poke(); // a second poke while running starts no second chain
    await turns(20);
    const whileBusy = asked;
    expect(whileBusy).toBeGreaterThanOrEqual(15);
    expect(whileBusy).toBeLessThanOrEqual(21);
    busy = false;
    await turns(5);
    const atStop = asked;
    await turns(20);
    expect(asked).toBe(atStop); // the chain ended: nothing keeps the loop awake
  });

  it('stops at its budget even while busy; after a window that went unused it skips the next poke, then starts again', async () => {
    let asked = 0;
    const poke = wakeSpinner(1, () => (asked++, true), undefined, ROOMY);
    poke();
    await pastWindow();
    const afterBudget = asked;
    expect(afterBudget).toBeGreaterThan(0);
    await turns(20);
    expect(asked).toBe(afterBudget);
    poke(); // skipped: the last window ran out unused
    await turns(3);
    expect(asked).toBe(afterBudget);
    poke();
    await turns(3);
    expect(asked).toBeGreaterThan(afterBudget);
  });

  it('backs off further after each unused window (1, 3, 7, … up to MAX_SPIN_SKIPS pokes), and a used window resets it', async () => {
    let asked = 0;
    const poke = wakeSpinner(1, () => (asked++, true), NEVER_LATE, ROOMY);
    /** Pokes until a window starts (the spinner asks busy() at once when it starts one); how many pokes were skipped. */
    const skippedBeforeStart = async (): Promise<number> => {
      for (let skipped = 0; ; skipped++) {
        const before = asked;
        poke();
        if (asked > before) {
          await pastWindow(); // the window runs out unused
          return skipped;
        }
      }
    };
    expect(await skippedBeforeStart()).toBe(0);
    const skips = [];
    for (let i = 0; i < 5; i++) skips.push(await skippedBeforeStart());
    expect(skips).toEqual([1, 3, 7, MAX_SPIN_SKIPS, MAX_SPIN_SKIPS]);
    // a window that gets a poke while it runs (the next call came in time) was used: the next poke polls again
    for (let i = 0; i < MAX_SPIN_SKIPS; i++) poke();
    const before = asked;
    poke();
    expect(asked).toBeGreaterThan(before);
    poke(); // during the window
    await pastWindow();
    const after = asked;
    poke();
    expect(asked).toBeGreaterThan(after);
  });

  it('a window ended by busy() turning false was used: the next poke polls again', async () => {
    let asked = 0;
    let busy = true;
    const poke = wakeSpinner(60_000, () => (asked++, busy), NEVER_LATE, ROOMY);
    poke();
    await turns(3);
    busy = false;
    await turns(3);
    busy = true;
    const before = asked;
    poke();
    expect(asked).toBeGreaterThan(before);
    busy = false;
    await turns(3);
  });

  it('a budget of 0 turns it off', async () => {
    let asked = 0;
    wakeSpinner(0, () => (asked++, true))();
    await turns(10);
    expect(asked).toBe(0);
  });

  it('a poke while busy() is already false starts nothing', async () => {
    let asked = 0;
    const poke = wakeSpinner(60_000, () => (asked++, false), undefined, ROOMY);
    poke();
    await turns(10);
    expect(asked).toBe(1); // asked once, at the poke
  });

  it('a window during which a poll came late (the thread was off its core) counts as unused, even when its answer came', async () => {
    let asked = 0;
    let busy = true;
    const poke = wakeSpinner(60_000, () => {
      asked++;
      if (asked === 3) {
        const held = performance.now();
        while (performance.now() - held < 2); // the thread is held 2 ms between two polls
      }
      return busy;
    }, 0.5, ROOMY);
    poke(); // asks once
    await turns(4); // polls 2 and 3 (late), then more
    busy = false;
    await turns(3); // the window ends: its answer came, but a poll came late
    busy = true;
    const before = asked;
    poke(); // skipped
    expect(asked).toBe(before);
    poke();
    expect(asked).toBeGreaterThan(before);
    busy = false;
    await turns(3);
  });

  it('on a crowded machine a poke starts nothing', async () => {
    let asked = 0;
    const poke = wakeSpinner(60_000, () => (asked++, true), NEVER_LATE, () => true);
    poke();
    await turns(5);
    expect(asked).toBe(1); // asked at the poke, then nothing polled
  });

  it('machineCrowded reads the load average at most once a second', () => {
    const first = machineCrowded(1_000_000);
    expect(typeof first).toBe('boolean');
    expect(machineCrowded(1_000_500)).toBe(first);
  });
});
