import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Whole-system suites start real processes and load the CPU; run the files one at a time.
// The global setups install Debian's chromium (the inspector test), haproxy and redis-server (the replicas test) when
// they are missing, or say why they cannot.
export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { fileParallelism: false, testTimeout: 120_000, hookTimeout: 60_000, globalSetup: ['./test/setup/chromium.ts', './test/setup/services.ts'] } }),
);
