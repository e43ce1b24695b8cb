import { execFileSync, spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

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
 * Debian's `python3-websocket` (`apt-get update` then `apt-get install -y`, only as root with apt-get available).
 * Provides `pythonWebsocket` to the tests, which skip with the printed reason when it cannot be had. Fast when it
 * is installed already: one `python3 -c 'import websocket'`.
 */
export default function setup(project: TestProject): void {
  let python = findPython();
  let reason: string | undefined;
  if (!python) {
    if (process.platform !== 'linux' || process.getuid?.() !== 0 || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) {
      reason = 'python3-websocket is missing and cannot be installed here (needs root and apt-get)';
    } else {
      try {
        const opts = { stdio: 'ignore' as const, timeout: 300_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
        execFileSync('apt-get', ['update'], opts);
        execFileSync('apt-get', ['install', '-y', 'python3-websocket'], opts);
        python = findPython();
        if (!python) reason = 'apt-get installed python3-websocket, but no python3 can import websocket';
      } catch (err) {
        reason = `apt-get install -y python3-websocket failed: ${(err as Error).message.split('\n')[0]}`;
      }
    }
  }
  if (reason) console.warn(`[messagebus] Python interop tests will be skipped: ${reason}`);
  project.provide('pythonWebsocket', python ? { python } : { reason });
}
