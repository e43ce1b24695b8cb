import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Python interop tests need the real websocket-client library: found (or apt-installed) once per run.
export default mergeConfig(sharedConfig, defineConfig({ test: { globalSetup: ['test/pythonWebsocketSetup.ts'] } }));
