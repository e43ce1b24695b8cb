import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// The global setup installs Debian's redis-server for the shared-state tests when it is missing (or says why it cannot).
export default mergeConfig(sharedConfig, defineConfig({ test: { globalSetup: ['./test/setup/services.ts'] } }));
