import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { DEBIAN_TEST_PACKAGES, ensureDebianPackages } from '../../../scripts/debian-packages.mjs';

/** What the Python interop tests need: a Python that can `import websocket`, or why there is none. */
export interface PythonWebsocket {
  python?: string;
  reason?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pythonWebsocket: PythonWebsocket;
  }
}

/** Debian's python3 first: python3-websocket installs for it, not for a pyenv or venv python on the PATH. */
const CANDIDATES = ['/usr/bin/python3', 'python3'];

function findPython(): string | undefined {
  return CANDIDATES.find((py) => spawnSync(py, ['-c', 'import websocket'], { stdio: 'ignore', timeout: 20_000 }).status === 0);
}

/**
 * vitest globalSetup, once per run: finds a Python with the real `websocket-client` library; if none, installs
 * Debian's `python3-websocket` (only as root with apt-get available; `scripts/debian-packages.mjs`, under the lock
 * every test setup's install shares).
 * Provides `pythonWebsocket` to the tests, which skip with the printed reason when it cannot be had. Fast when it
 * is installed already: one `python3 -c 'import websocket'`.
 */
export default function setup(project: TestProject): void {
  let python = findPython();
  let reason: string | undefined;
  if (!python) {
    reason = ensureDebianPackages([DEBIAN_TEST_PACKAGES.pythonWebsocket]) || undefined;
    python = findPython();
    if (!python && !reason) reason = 'python3-websocket is installed, but no python3 can import websocket';
  }
  if (reason) console.warn(`[messagebus] Python interop tests will be skipped: ${reason}`);
  project.provide('pythonWebsocket', python ? { python } : { reason });
}
