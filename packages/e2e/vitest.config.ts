import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Whole-system suites start real processes and load the CPU; run the files one at a time.
export default mergeConfig(sharedConfig, defineConfig({ test: { fileParallelism: false, testTimeout: 120_000, hookTimeout: 60_000 } }));
