import type { ToolboxHost } from '@ovos-tools/core';
import { describe, expect, test } from 'vitest';
import { warmUpWhenIdle } from './warmUpWhenIdle.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const counting = () => {
  const host = { warmUps: 0, warmUp: () => void host.warmUps++ };
  return host;
};

describe('warmUpWhenIdle', () => {
  test('waits while calls run, then warms every host once the provider has been idle for idleMs', async () => {
    const a = counting();
    const b = counting();
    let busy = true;
    warmUpWhenIdle([a, b, {} as ToolboxHost] as ToolboxHost[], { busy: () => busy, idleMs: 60, maxDelayMs: 10_000 });
    await sleep(200);
    expect([a.warmUps, b.warmUps]).toEqual([0, 0]);
    busy = false;
    await sleep(300);
    expect([a.warmUps, b.warmUps]).toEqual([1, 1]);
  });

  test('starts after maxDelayMs at the latest, and cancelling stops what has not started', async () => {
    const late = counting();
    warmUpWhenIdle([late] as unknown as ToolboxHost[], { busy: () => true, idleMs: 60, maxDelayMs: 150 });
    const cancelled = counting();
    const cancel = warmUpWhenIdle([cancelled] as unknown as ToolboxHost[], { busy: () => false, idleMs: 100 });
    cancel();
    await sleep(500);
    expect(late.warmUps).toBe(1);
    expect(cancelled.warmUps).toBe(0);
  });
});
