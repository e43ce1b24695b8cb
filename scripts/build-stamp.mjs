// What a package's JavaScript build depends on, as one hash, and the stamp a build leaves in `dist/` with it.
// scripts/bundle.mjs and scripts/transpile.mjs write `<package>/.build-stamp` (gitignored, outside `dist/` so no
// tarball carries it) after a successful build; `npm start`
// (scripts/quickstart.mjs) skips the build when every package's stamp matches its inputs now, so a second start
// neither runs turbo nor rewrites `dist/` under a provider that is running from it, and a changed source file is
// rebuilt. The inputs: every file under the package's `src/` but its tests (`*.test.ts`), its `package.json` and
// `tsconfig.json`, the shared tsconfig, the build scripts and the lockfile (an updated dependency is inlined anew).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['tsconfig.base.json', 'pnpm-lock.yaml', 'scripts/build-stamp.mjs', 'scripts/bundle.mjs', 'scripts/transpile.mjs'];
const STAMP = '.build-stamp';

/** Every file under `dir`, sorted, as paths relative to `base`. */
function filesUnder(dir, base) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, base));
    else if (entry.isFile() && !entry.name.endsWith('.test.ts')) out.push(path.relative(base, full)); // tests are not built
  }
  return out.sort();
}

/** The hash of everything the JavaScript build of the package in `pkgDir` reads (see the top of this file). */
export function inputHash(pkgDir) {
  const hash = createHash('sha256');
  const add = (label, file) => {
    hash.update(`${label}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '(absent)');
    hash.update('\0');
  };
  for (const rel of SHARED) add(`root:${rel}`, path.join(root, rel));
  for (const rel of ['package.json', 'tsconfig.json', ...filesUnder(path.join(pkgDir, 'src'), pkgDir)]) add(rel, path.join(pkgDir, rel));
  return hash.digest('hex');
}

/** Records that the package's `dist/` was just built from its current inputs. */
export function writeStamp(pkgDir) {
  writeFileSync(path.join(pkgDir, STAMP), `${inputHash(pkgDir)}\n`);
}

/** The JavaScript files the package's `exports` and `bin` point at (absolute paths). */
function entryFiles(pkgDir) {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const targets = [];
  for (const target of Object.values(pkg.exports ?? {})) if (typeof target === 'object' && target?.import) targets.push(target.import);
  return targets.map((t) => path.join(pkgDir, t));
}

/** Whether the package's `dist/` was built from the inputs it has now (and its entry files are still there). */
export function isFresh(pkgDir) {
  const file = path.join(pkgDir, STAMP);
  if (!existsSync(file) || !entryFiles(pkgDir).every((f) => existsSync(f))) return false;
  return readFileSync(file, 'utf8').trim() === inputHash(pkgDir);
}

/** The workspace packages that have a `build` script (directories under packages/). */
export function builtPackages() {
  const dir = path.join(root, 'packages');
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((pkgDir) => {
      const file = path.join(pkgDir, 'package.json');
      return existsSync(file) && typeof JSON.parse(readFileSync(file, 'utf8')).scripts?.build === 'string';
    });
}

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

/**
 * Whether `tsc -b` last wrote the declarations of the package in `pkgDir` after every source, tsconfig and
 * package.json of the workspace changed (its `tsconfig.tsbuildinfo` is newer, and every `types` file of its exports
 * is there). scripts/prepack.mjs skips the compiler then; scripts/test-node-lines.mjs waits for it.
 */
export function declarationsCurrent(pkgDir) {
  const info = path.join(pkgDir, 'tsconfig.tsbuildinfo');
  const { exports = {} } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const types = Object.values(exports).flatMap((t) => (t && typeof t === 'object' && t.types ? [path.join(pkgDir, t.types)] : []));
  if (!existsSync(info) || !types.every((f) => existsSync(f))) return false;
  const built = statSync(info).mtimeMs;
  const packages = path.join(root, 'packages');
  for (const dir of readdirSync(packages)) {
    for (const f of ['package.json', 'tsconfig.json']) if (existsSync(path.join(packages, dir, f)) && statSync(path.join(packages, dir, f)).mtimeMs > built) return false;
    if (newest(path.join(packages, dir, 'src')) > built) return false;
  }
  return statSync(path.join(root, 'tsconfig.base.json')).mtimeMs <= built;
}
