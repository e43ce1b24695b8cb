import type { TestProject } from 'vitest/node';
import { DEBIAN_TEST_PACKAGES, ensureDebianPackages } from '../../../../scripts/debian-packages.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when Debian's haproxy and redis-server are installed; otherwise why the scale test skips. */
    scaleSkipReason: string;
  }
}

/**
 * Vitest global setup: installs Debian's haproxy and redis-server for the replicas test (test/scale.test.ts) when
 * they are missing, once per run, or says why not (the test then skips, naming what is missing).
 */
export default function setup(project: TestProject): void {
  const reason = ensureDebianPackages([DEBIAN_TEST_PACKAGES.haproxy, DEBIAN_TEST_PACKAGES.redis]);
  if (reason) process.stdout.write(`[e2e] the replicas test (HAProxy + Redis) will skip: ${reason}\n`);
  project.provide('scaleSkipReason', reason);
}
