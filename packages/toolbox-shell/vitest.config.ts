import os from 'node:os';
import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// The default root_path is $XDG_DATA_HOME/ovos-tools/workspace: point it at a temp folder, never the real home.
export default mergeConfig(sharedConfig, defineConfig({ test: { env: { XDG_DATA_HOME: path.join(os.tmpdir(), 'ovos-shell-test-xdg') } } }));
