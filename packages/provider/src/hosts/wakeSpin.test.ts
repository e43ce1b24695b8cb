import { describe, expect, it } from 'vitest';
import { wakeSpinner } from './wakeSpin.js';

/** Resolves after the event loop has gone through `n` check phases. */
const turns = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : setImmediate(step, left - 1));
  step(n);
});

describe('wakeSpinner: keeps the loop polling while an answer is awaited', () => {
  it('polls every turn while busy, and stops as soon as busy() is false', async () => {
    let asked = 0;
    let busy = true;
    const poke = wakeSpinner(60_000, () => (asked++, busy));
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

  it('stops at its budget even while busy, and a later poke starts it again', async () => {
    let asked = 0;
    const poke = wakeSpinner(1, () => (asked++, true));
    poke();
    await new Promise((r) => setTimeout(r, 30));
    const afterBudget = asked;
    expect(afterBudget).toBeGreaterThan(0);
    await turns(20);
    expect(asked).toBe(afterBudget);
    poke();
    await turns(3);
    expect(asked).toBeGreaterThan(afterBudget);
  });

  it('a budget of 0 turns it off', async () => {
    let asked = 0;
    wakeSpinner(0, () => (asked++, true))();
    await turns(10);
    expect(asked).toBe(0);
  });

  it('a poke while busy() is already false starts nothing', async () => {
    let asked = 0;
    const poke = wakeSpinner(60_000, () => (asked++, false));
    poke();
    await turns(10);
    expect(asked).toBe(1); // asked once, at the poke
  });
});
