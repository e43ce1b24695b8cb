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
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cwd = process.cwd();
const bin = path.join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
const { name, scripts = {}, exports = {} } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));

/** The newest modification time (ms) of the files under `dir` (tests aside), or 0. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(full));
    else if (!e.name.endsWith('.test.ts')) t = Math.max(t, statSync(full).mtimeMs); // tests are not compiled
  }
  return t;
}

/** Whether tsc last built the declarations after every source, tsconfig and package.json of the workspace changed. */
function declarationsCurrent() {
  const info = path.join(cwd, 'tsconfig.tsbuildinfo');
  const types = Object.values(exports).flatMap((t) => (t && typeof t === 'object' && t.types ? [path.join(cwd, t.types)] : []));
  if (!existsSync(info) || !types.every((f) => existsSync(f))) return false;
  const built = statSync(info).mtimeMs;
  const packages = path.join(root, 'packages');
  for (const dir of readdirSync(packages)) {
    for (const f of ['package.json', 'tsconfig.json']) if (existsSync(path.join(packages, dir, f)) && statSync(path.join(packages, dir, f)).mtimeMs > built) return false;
    if (newest(path.join(packages, dir, 'src')) > built) return false;
  }
  return statSync(path.join(root, 'tsconfig.base.json')).mtimeMs <= built;
}

try {
  if (scripts.build && !isFresh(cwd)) {
    console.error(`prepack: building ${name} (dist/ is missing or older than its sources)`);
    execSync(scripts.build, { cwd, env, stdio: 'inherit' });
  }
  if (!declarationsCurrent()) execFileSync(path.join(bin, 'tsc'), ['-b'], { cwd, env, stdio: 'inherit' });
} catch {
  console.error(`prepack: ${name} could not be built; fix the errors above (or run \`pnpm build && pnpm typecheck\` at the root) and pack again`);
  process.exit(1);
}
