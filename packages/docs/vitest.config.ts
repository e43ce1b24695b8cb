import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// The transcript test starts real providers; run the files one at a time.
export default mergeConfig(sharedConfig, defineConfig({ test: { fileParallelism: false, testTimeout: 240_000, hookTimeout: 240_000 } }));
