#!/usr/bin/env node
// Bundles one published package's JavaScript with esbuild; `tsc -b` (emitDeclarationOnly; the package's
// `typecheck` script, `pnpm typecheck`) writes the `.d.ts` files and does the type checking, apart from this.
// Packages that are not bundled use scripts/transpile.mjs instead. Run from the package directory:
//
//   node ../../scripts/bundle.mjs [--inline <dep>]... [<name>=<src/entry.ts> [--inline <dep>]...]...
//
// Entries with the same `--inline` set are bundled in one esbuild run with code splitting (shared code goes to
// `dist/chunks/`), so e.g. core's `index`, `testing/index` and `net/index` share one copy of core and of TypeBox.
//
// - `src/index.ts` always becomes `dist/index.js`; every `name=src/x.ts` becomes `dist/<name>.js`, flat beside
//   the index, because bundled code resolves `new URL('./<name>.js', import.meta.url)` against `dist/index.js`
//   (worker scripts such as math's `mathWorker.js` and filesystem's `searchWorker.js`).
// - Bare imports (dependencies, peer `@ovos-tools/core`, node builtins) stay external, so they are shared with
//   the rest of the process and resolved by Node. `--inline <dep>` bundles that dependency, and everything it
//   imports, into the entry it follows (before any `name=` entry: into `dist/index.js`). The licences of all
//   inlined packages go to `dist/THIRD_PARTY_LICENSES.md`. Outputs that inline something get a `require`
//   (createRequire) so inlined CommonJS can load node builtins.
// - No source maps: the output is unminified ES2022 that reads like the source, and a map would point at `src/`,
//   which is not in the tarball.
// - Stale `.js` files from an earlier plain-tsc build are removed first, so `dist/` holds only what this run wrote
//   (plus tsc's declarations). `.build-stamp` (scripts/build-stamp.mjs) is written when done.
// - `OVOS_TOOLS_BUILD_CHECK=1`: the same build in memory, nothing removed or written (scripts/test-node-lines.mjs runs
//   it under another Node line while tests read `dist/`).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { writeStamp } from './build-stamp.mjs';

const cwd = process.cwd();
const checkOnly = process.env.OVOS_TOOLS_BUILD_CHECK === '1';
const args = process.argv.slice(2);
/** @type {{ name: string, file: string, inline: string[] }[]} */
const entries = [{ name: 'index', file: 'src/index.ts', inline: [] }];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--inline') {
    const dep = args[++i];
    if (!dep) fail('--inline needs a package name, e.g. --inline typebox');
    entries.at(-1).inline.push(dep);
  } else if (/^[\w./-]+=.+\.ts$/.test(arg)) {
    const [name, file] = arg.split('=');
    entries.push({ name, file, inline: [] });
  } else {
    fail(`unknown argument '${arg}'; expected --inline <dep> or <name>=src/<file>.ts`);
  }
}
for (const { file } of entries) {
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

/**
 * Marks bare imports external, except the inlined deps and whatever they import in turn (an importer inside
 * `node_modules` can only be inlined code, since everything else bare is external).
 */
function externalExcept(inline) {
  return {
    name: 'external-except-inlined',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (r) => {
        if (r.kind === 'entry-point') return undefined;
        if (r.path.startsWith('node:')) return { path: r.path, external: true };
        const isInlined = inline.some((dep) => r.path === dep || r.path.startsWith(`${dep}/`)) || r.importer.includes(`${path.sep}node_modules${path.sep}`);
        return isInlined ? undefined : { path: r.path, external: true };
      });
    },
  };
}

/** The directory of the npm package that holds `file` (inside node_modules), or undefined. */
function packageDirOf(file) {
  const parts = path.resolve(cwd, file).split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + length).join(path.sep);
}

/** Name, version and licence text of each inlined package, as their MIT/Apache/BSD notices require. */
function thirdPartyNotices(packageDirs) {
  const parts = ['# Third-party software bundled into this package\n'];
  const seen = new Set();
  for (const dir of [...packageDirs].sort()) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (seen.has(pkg.name)) continue;
    seen.add(pkg.name);
    const licenseFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)([.-].*)?$/i.test(f));
    const text = licenseFile ? readFileSync(path.join(dir, licenseFile), 'utf8').trim() : `License: ${pkg.license}`;
    // Apache-2.0 §4(d): a NOTICE file travels with the work.
    const noticeFile = readdirSync(dir).find((f) => /^notice(\.md|\.txt)?$/i.test(f));
    const notice = noticeFile ? `\n\n### NOTICE\n\n${readFileSync(path.join(dir, noticeFile), 'utf8').trim()}` : '';
    parts.push(`## ${pkg.name}@${pkg.version} (${pkg.license})\n\n${text}${notice}\n`);
  }
  return parts.join('\n');
}

const dist = path.join(cwd, 'dist');
if (!checkOnly) {
  removeStaleJs(dist);
  rmSync(path.join(dist, 'THIRD_PARTY_LICENSES.md'), { force: true });
}
const inlinedDirs = new Set();
// entries that inline the same dependencies are built together, so the code they share (a package's own modules,
// the inlined dependencies) lands once in a shared chunk instead of once per entry
const groups = new Map();
for (const entry of entries) {
  const key = [...entry.inline].sort().join(',');
  if (!groups.has(key)) groups.set(key, { inline: entry.inline, entryPoints: {} });
  groups.get(key).entryPoints[entry.name] = entry.file;
}
for (const group of groups.values()) {
  const result = await build({
    absWorkingDir: cwd,
    entryPoints: group.entryPoints,
    outdir: 'dist',
    write: !checkOnly,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    sourcemap: false,
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
    banner: group.inline.length > 0 ? { js: "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);" } : undefined,
    plugins: [externalExcept(group.inline)],
  });
  if (result.errors.length > 0) process.exit(1);
  for (const input of Object.keys(result.metafile.inputs)) {
    const dir = packageDirOf(input);
    if (dir) inlinedDirs.add(dir);
  }
}
if (checkOnly) process.exit(0);
if (inlinedDirs.size > 0) writeFileSync(path.join(dist, 'THIRD_PARTY_LICENSES.md'), thirdPartyNotices(inlinedDirs));
writeStamp(cwd);
