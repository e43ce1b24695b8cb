import type { TestProject } from 'vitest/node';
import { DEBIAN_TEST_PACKAGES, ensureDebianPackages } from '../../../../scripts/debian-packages.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when Debian's redis-server is installed; otherwise why the shared-state tests skip. */
    redisSkipReason: string;
  }
}

/** Vitest global setup: installs Debian's redis-server for the shared-state tests when it is missing, once per run. */
export default function setup(project: TestProject): void {
  const reason = ensureDebianPackages([DEBIAN_TEST_PACKAGES.redis]);
  if (reason) process.stdout.write(`[provider] shared-state (Redis) tests will skip: ${reason}\n`);
  project.provide('redisSkipReason', reason);
}
