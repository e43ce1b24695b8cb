#!/usr/bin/env node
// Bundles one published package's JavaScript with esbuild; `tsc -b` (emitDeclarationOnly) still writes the
// `.d.ts` files and does the type checking. Run from the package directory, after tsc:
//
//   node ../../scripts/bundle.mjs [--inline <dep>]... [<name>=<src/entry.ts>]...
//
// - `src/index.ts` always becomes `dist/index.js`; every `name=src/x.ts` becomes `dist/<name>.js`, flat beside
//   the index, because bundled code resolves `new URL('./<name>.js', import.meta.url)` against `dist/index.js`
//   (worker scripts such as math's `mathWorker.js` and filesystem's `searchWorker.js`).
// - Bare imports (dependencies, peer `@ovos-tools/core`, node builtins) stay external, so they are shared with
//   the rest of the process and resolved by Node; `--inline <dep>` bundles that dependency into the output and
//   records its licence in `dist/THIRD_PARTY_LICENSES.md`.
// - No source maps: the output is unminified ES2022 that reads like the source, and a map would point at `src/`,
//   which is not in the tarball.
// - Stale `.js` files from an earlier plain-tsc build are removed first, so `dist/` holds only what this run wrote
//   (plus tsc's declarations).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const cwd = process.cwd();
const args = process.argv.slice(2);
const inline = [];
const entryPoints = { index: 'src/index.ts' };
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--inline') {
    const dep = args[++i];
    if (!dep) fail('--inline needs a package name, e.g. --inline typebox');
    inline.push(dep);
  } else if (/^[\w./-]+=.+\.ts$/.test(arg)) {
    const [name, file] = arg.split('=');
    entryPoints[name] = file;
  } else {
    fail(`unknown argument '${arg}'; expected --inline <dep> or <name>=src/<file>.ts`);
  }
}
for (const file of Object.values(entryPoints)) {
  if (!existsSync(path.join(cwd, file))) fail(`entry ${file} does not exist in ${cwd}`);
}

function fail(message) {
  console.error(`bundle: ${message}`);
  process.exit(2);
}

/** Removes emitted JavaScript (and maps) from earlier builds; declarations stay. */
function removeStaleJs(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removeStaleJs(full);
    else if (/\.(js|mjs|js\.map|d\.ts\.map)$/.test(entry.name)) rmSync(full);
  }
}

/** The inlined deps must not be marked external; everything else bare stays external. */
const keepExternal = {
  name: 'external-except-inlined',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (r) => {
      if (r.kind === 'entry-point') return undefined;
      const isInlined = inline.some((dep) => r.path === dep || r.path.startsWith(`${dep}/`));
      return isInlined ? undefined : { path: r.path, external: true };
    });
  },
};

/** The dependency's own package.json, found the way Node looks up `node_modules` (its `exports` may hide it). */
function findPackageJson(dep) {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', dep, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) fail(`cannot find ${dep} in node_modules above ${cwd}`);
  }
}

/** Name, version and licence text of each inlined dependency, as the MIT/Apache notices require. */
function thirdPartyNotices() {
  const parts = ['# Third-party software bundled into this package\n'];
  for (const dep of inline) {
    const pkgJson = findPackageJson(dep);
    const pkg = JSON.parse(readFileSync(pkgJson, 'utf8'));
    const dir = path.dirname(pkgJson);
    const licenseFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.md|\.txt)?$/i.test(f));
    const text = licenseFile ? readFileSync(path.join(dir, licenseFile), 'utf8').trim() : `License: ${pkg.license}`;
    parts.push(`## ${pkg.name}@${pkg.version} (${pkg.license})\n\n${text}\n`);
  }
  return parts.join('\n');
}

const dist = path.join(cwd, 'dist');
removeStaleJs(dist);
rmSync(path.join(dist, 'THIRD_PARTY_LICENSES.md'), { force: true });
const result = await build({
  absWorkingDir: cwd,
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: false,
  legalComments: 'eof',
  logLevel: 'warning',
  plugins: [keepExternal],
});
if (result.errors.length > 0) process.exit(1);
if (inline.length > 0) writeFileSync(path.join(dist, 'THIRD_PARTY_LICENSES.md'), thirdPartyNotices());
