import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { sharedConfig } from '../../vitest.shared.js';

/** Files that run for minutes, longest first: they start first, so no worker is left running one alone at the end. */
const LONGEST_FIRST = ['test/registry.test.ts', 'test/authoring.test.ts', 'test/versionLine.test.ts'];

/** Vitest's order (failed first, then by last duration or size), with {@link LONGEST_FIRST} ahead of everything. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Whole-system suites start real processes and load the CPU: two files at a time (the registry flow, minutes of npm
// against a local registry, beside the rest), never more, whatever the machine's size.
// The global setups install Debian's chromium (the inspector test), haproxy and redis-server (the replicas test) when
// they are missing, or say why they cannot.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      maxWorkers: 2,
      sequence: { sequencer: LongestFirst },
      testTimeout: 240_000,
      hookTimeout: 180_000,
      globalSetup: ['./test/setup/chromium.ts', './test/setup/services.ts'],
    },
  }),
);
