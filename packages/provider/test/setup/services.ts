import type { TestProject } from 'vitest/node';
import { ensureDebianPackages } from '../../../../scripts/debian-packages.mjs';
import { REDIS } from '../helpers/debianPackages.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when Debian's redis-server is installed; otherwise why the shared-state tests skip. */
    redisSkipReason: string;
  }
}

/** Vitest global setup: installs Debian's redis-server for the shared-state tests when it is missing, once per run. */
export default function setup(project: TestProject): void {
  const reason = ensureDebianPackages([REDIS]);
  if (reason) process.stdout.write(`[provider] shared-state (Redis) tests will skip: ${reason}\n`);
  project.provide('redisSkipReason', reason);
}
