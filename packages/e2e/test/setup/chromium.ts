import type { TestProject } from 'vitest/node';
import { DEBIAN_TEST_PACKAGES, ensureDebianPackages } from '../../../../scripts/debian-packages.mjs';

/** Debian's chromium, which the inspector test drives with playwright-core. */
export const CHROMIUM_PATH = DEBIAN_TEST_PACKAGES.chromium.file;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when {@link CHROMIUM_PATH} is usable; otherwise why the browser tests skip. */
    chromiumSkipReason: string;
  }
}

/**
 * Vitest global setup: makes sure chromium is there before the inspector test runs, once per run (apt-get when it is
 * missing, under the lock every test setup's install shares), or says why not.
 */
export default function setup(project: TestProject): void {
  const reason = ensureDebianPackages([DEBIAN_TEST_PACKAGES.chromium]);
  if (reason) process.stdout.write(`[e2e] browser tests will skip: ${reason}\n`);
  project.provide('chromiumSkipReason', reason);
}
