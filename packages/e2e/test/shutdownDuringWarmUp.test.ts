import { describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs fixture shared with the stress bench (bench/shutdownDuringWarmUp.bench.mjs: 200 tries)
import { shutdownDuringWarmUp } from '../fixtures/shutdownDuringWarmUp.mjs';

// SIGTERM shortly after "serving", while the bundled toolboxes' warm-ups import their libraries in their workers:
// the provider waits for an import in flight (bounded) before it ends a worker, so it always stops cleanly (exit 0),
// never with V8's `FATAL ERROR: v8::Module::IsGraphAsync` (exit 134). 5 tries here, 200 ms apart; the bench runs 200.
describe('shutdown during warm-up', () => {
  test('5 tries of SIGTERM 0-800 ms after serving all exit 0', async () => {
    for (let i = 0; i < 5; i++) {
      const r = (await shutdownDuringWarmUp(i * 200)) as { code: number | null; signal: string | null; output: string; serving: boolean };
      expect(r.serving, r.output).toBe(true);
      expect({ code: r.code, signal: r.signal, fatal: r.output.includes('FATAL') }, r.output).toEqual({ code: 0, signal: null, fatal: false });
    }
  }, 180_000);
});
