import { defineConfig } from 'vitest/config';

/**
 * The one vitest configuration every package shares: tests beside sources (`src/**\/*.test.ts`)
 * and end-to-end suites under `test/`, a JSON report in `.reports/vitest.json` that `.ci/run` sums,
 * and timeouts sized for real servers and child processes on a 2-core machine.
 */
export const sharedConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    passWithNoTests: true,
  },
});
