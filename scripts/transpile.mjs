#!/usr/bin/env node
// Transpiles one package's TypeScript to JavaScript file by file with esbuild: `src/**/*.ts` (tests and `.d.ts`
// excepted) → `dist/**/*.js`, the same layout `tsc` writes, so paths such as `dist/cli/main.js` and
// `new URL('./x.js', import.meta.url)` work unchanged. Run from the package directory:
//
//   node ../../scripts/transpile.mjs [--copy <src/dir>]...
//
// - `--copy <dir>`: copies that folder's `.html`, `.css` and `.js` files into the same place under `dist/` as they
//   are (the provider's inspector page).
// - Types are neither checked nor written here: `tsc -b` (each package's `typecheck` script, `pnpm typecheck`) does
//   both and writes the `.d.ts` files beside this output (every tsconfig has `emitDeclarationOnly`).
// - Stale `.js` files from an earlier build are removed first; declarations stay.
// - Writes `.build-stamp` (scripts/build-stamp.mjs) when done, so `npm start` can tell the build is current.
// - `OVOS_TOOLS_BUILD_CHECK=1`: the same transpilation in memory, nothing removed, copied or written
//   (scripts/test-node-lines.mjs runs it under another Node line while tests read `dist/`).
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { writeStamp } from './build-stamp.mjs';

const cwd = process.cwd();
const checkOnly = process.env.OVOS_TOOLS_BUILD_CHECK === '1';
const args = process.argv.slice(2);
const copies = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--copy' && args[i + 1]) copies.push(args[++i]);
  else fail(`unknown argument '${args[i]}'; expected --copy <src/dir>`);
}

function fail(message) {
  console.error(`transpile: ${message}`);
  process.exit(2);
}

/** Every file under `dir` (absolute paths). */
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const src = path.join(cwd, 'src');
const dist = path.join(cwd, 'dist');
const entryPoints = walk(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !/\.test\.ts$/.test(f));
if (entryPoints.length === 0) fail(`no TypeScript sources under ${src}`);
if (!checkOnly) for (const f of walk(dist)) if (/\.(js|mjs|js\.map)$/.test(f)) rmSync(f);

const result = await build({
  absWorkingDir: cwd,
  entryPoints,
  outbase: 'src',
  outdir: 'dist',
  write: !checkOnly,
  bundle: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  logLevel: 'warning',
});
if (result.errors.length > 0) process.exit(1);
if (checkOnly) process.exit(0);

for (const dir of copies) {
  const from = path.join(cwd, dir);
  if (!existsSync(from)) fail(`--copy ${dir}: no such folder in ${cwd}`);
  const to = path.join(dist, path.relative(src, from));
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(from)) if (/\.(html|css|js)$/.test(f)) copyFileSync(path.join(from, f), path.join(to, f));
}
writeStamp(cwd);
