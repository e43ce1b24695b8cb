import { defineConfig } from 'vitest/config';

/**
 * The one vitest configuration every package shares: tests beside sources (`src/**\/*.test.ts`)
 * and end-to-end suites under `test/`, a JSON report in `.reports/vitest.json` that `.ci/run` sums,
 * and timeouts sized for real servers and child processes on a 2-core machine that runs other suites beside
 * (`.ci/run` runs three packages and two Node lines at once; at 30 s, tests that start three servers timed out, and
 * at 60 s a CLI test that starts a provider and five client commands did with a CPU-bound job beside the run). A
 * timeout only bounds a hang; a test's own waits stay as short as the behaviour allows.
 *
 * `isolate: false`: a worker process runs its test files one after another with one module graph, instead of a
 * fresh process (Node start, vitest's runtime, every import transformed and evaluated again) per file. On core's
 * 28 files that is 10 CPU seconds instead of 37. The price is that a file must leave the process as it found it:
 * restore what it sets in `process.env`, `vi.useRealTimers()` after fake ones, close its servers and children (the
 * tests here do; a helper module's top-level state is shared by every file of the worker).
 */
export const sharedConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    passWithNoTests: true,
    isolate: false,
  },
});
