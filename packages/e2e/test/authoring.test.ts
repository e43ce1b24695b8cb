import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOLBOX_CONTRACT_VERSION } from '@ovos-tools/core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installedVersion, nextCoreVersionOrThrow, npmInstall, packCoreAt, packCoreDependencies, packDir } from './helpers/packages.js';
import { repoRoot } from './helpers/system.js';

// A release manager's path: the next core release (packed at the version changesets would give it) installs beside
// the unchanged example toolbox. A toolbox author's path (`npm create ovos-toolbox` in TypeScript and JavaScript,
// `npm test`, `ovos-tools check`, published, installed into a running provider and answering) is registry.test.ts's,
// word for word from the docs, against a local registry.
const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-authoring-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let coreVersion: string;
let coreTarball: string;
let dependencyTarballs: string[];
beforeAll(() => {
  coreVersion = nextCoreVersionOrThrow(work);
  coreTarball = packCoreAt(coreVersion, work);
  dependencyTarballs = packCoreDependencies(work);
}, 120_000);

test("the next core release keeps core's major equal to the toolbox contract", () => {
  expect(Number(coreVersion.split('.')[0])).toBe(TOOLBOX_CONTRACT_VERSION);
});

test('the next core release installs beside the unchanged examples/hello-toolbox without ERESOLVE', () => {
  const hello = packDir(path.join(repoRoot, 'examples', 'hello-toolbox'), work);
  const root = path.join(work, 'hello-root');
  npmInstall(root, [...dependencyTarballs, coreTarball, hello]);
  expect(installedVersion(root, '@ovos-tools/core')).toBe(coreVersion);
  expect(installedVersion(root, 'ovos-hello-tools')).toBe('1.0.0');
});
