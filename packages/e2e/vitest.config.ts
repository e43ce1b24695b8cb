import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Whole-system suites start real processes and load the CPU; run the files one at a time.
// The global setup installs Debian's chromium for the inspector test when it is missing (or says why it cannot).
export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { fileParallelism: false, testTimeout: 120_000, hookTimeout: 60_000, globalSetup: ['./test/setup/chromium.ts'] } }),
);
