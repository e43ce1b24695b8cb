import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// The global setup installs Debian's redis-server for the shared-state tests when it is missing (or says why it cannot).
// Three worker processes, though CI has 2 cores (vitest's default there is 1): most of these files wait on child
// processes, sockets and timers (measured alone: 160 CPU-s over 595 s of file time), so three run side by side in
// about a third of the time. Every file uses its own temp folders and free ports.
export default mergeConfig(sharedConfig, defineConfig({ test: { maxWorkers: 3, globalSetup: ['./test/setup/services.ts'] } }));
