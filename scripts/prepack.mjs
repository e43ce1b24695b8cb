#!/usr/bin/env node
// Each published package's `prepack`: what a tarball needs, built when missing or out of date, so `pnpm publish`,
// `pnpm pack` and `changeset publish` never pack a package without its JavaScript or its declarations.
// - JavaScript: the package's own `build` script, unless `.build-stamp` says `dist/` is current
//   (scripts/build-stamp.mjs).
// - Declarations: `tsc -b`, which writes the `.d.ts` files of the package and of the packages it references. Skipped
//   when every `types` file of the package's exports is there and its `tsconfig.tsbuildinfo` is newer than every
//   source of the workspace (a `pnpm -r publish` after `pnpm typecheck` then starts no compiler at all).
// Run from the package directory: `node ../../scripts/prepack.mjs`.
import { execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { declarationsCurrent, isFresh } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cwd = process.cwd();
const bin = path.join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
const { name, scripts = {} } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));

try {
  if (scripts.build && !isFresh(cwd)) {
    console.error(`prepack: building ${name} (dist/ is missing or older than its sources)`);
    execSync(scripts.build, { cwd, env, stdio: 'inherit' });
  }
  if (!declarationsCurrent(cwd)) execFileSync(path.join(bin, 'tsc'), ['-b'], { cwd, env, stdio: 'inherit' });
} catch {
  console.error(`prepack: ${name} could not be built; fix the errors above (or run \`pnpm build && pnpm typecheck\` at the root) and pack again`);
  process.exit(1);
}
