import { expect, test } from 'vitest';
// @ts-expect-error plain JS harness shared with the benchmark
import { runLoad } from '../fixtures/load.mjs';

// 8 client processes × 2,000 concurrent invocations: every request answered exactly once with its own result.
test('8 client processes × 2,000 concurrent invocations are each answered exactly once, correctly', async () => {
  const r = await runLoad({ clients: 8, perClient: 2000 });
  expect(r).toMatchObject({ sent: 16_000, answered: 16_000, duplicates: 0, wrong: 0, missing: 0, serveAlive: true });
}, 180_000);
