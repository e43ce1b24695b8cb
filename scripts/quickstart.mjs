#!/usr/bin/env node
// The README's two commands on a fresh clone with only Node and npm:
//   npm start  → node scripts/quickstart.mjs serve  (install, build, run the provider on an embedded messagebus)
//   npm test   → node scripts/quickstart.mjs test   (install, build, type-check, run every package's tests, print
//                                                    the counts)
// The install is skipped when the lockfile and every package.json are what the last successful install saw
// (node_modules/.ovos-tools-install-stamp), and the build when every package's `.build-stamp` matches its sources
// (scripts/build-stamp.mjs): a second `npm start` goes straight to the provider. The build is JavaScript only
// (esbuild, scripts/bundle.mjs and scripts/transpile.mjs); `npm test` also runs `tsc -b` (each package's
// `typecheck`), which checks the types and writes the declarations the docs and packing tests read.
// pnpm is the workspace's package manager; when the pinned version is not on PATH it is installed into
// ./.tools with npm (corepack is not used: it fails against registries without signatures).
//
// Process lifecycle: SIGINT, SIGTERM and SIGHUP are forwarded to the child running at the time (pnpm, or the
// provider) and this script exits with that child. The provider is started with an IPC channel, so it also
// stops by itself if this script dies without forwarding anything (SIGKILL): nothing is left holding the port.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtPackages, isFresh } from './build-stamp.mjs';
import { countTests, summaryLine } from './count-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.replace(/^pnpm@/, '');
const [mode, ...rest] = process.argv.slice(2);
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

/** Makes the pinned pnpm available: the one on PATH if it is that version, else one installed into .tools/. */
function ensurePnpm() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() === pinned) return;
  const bin = path.join(root, '.tools', 'node_modules', '.bin');
  if (!existsSync(path.join(bin, 'pnpm'))) {
    console.error(`quickstart: installing pnpm@${pinned} into .tools/ ...`);
    execFileSync('npm', ['install', '--prefix', path.join(root, '.tools'), `pnpm@${pinned}`, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  }
  // turbo runs package scripts with pnpm too, so it must be found on PATH by every child process
  env.PATH = `${bin}${path.delimiter}${env.PATH ?? ''}`;
}

let current; // the child running now, to forward signals to
let stopping; // the first signal received
let stoppedAt = 0;

/** Stops the child running now (or exits) on a stop signal; see the comment at the top. */
function onStop(signal) {
  // Ctrl-C under `npm start` arrives twice (from the terminal and forwarded by npm): forward it once. A signal
  // a second or more later is forwarded again, and the provider then stops without waiting for calls in flight.
  if (stopping && Date.now() - stoppedAt < 1000) return;
  stopping ??= signal;
  stoppedAt = Date.now();
  if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
  else process.exit(128 + SIGNAL_NUMBERS[signal]);
}
for (const signal of SIGNALS) process.on(signal, () => onStop(signal));
// npm does not pass a SIGTERM it receives on to `npm start`'s script: when our parent goes away (npm, or the shell
// npm ran us in), stop as if we had been sent SIGTERM, so nothing is left running without a parent.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) onStop('SIGTERM');
}, 250).unref();

/** Runs a command to completion with inherited stdio; resolves with its exit status (signal deaths count as failures). */
function run(cmd, args, extra = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env, ...extra });
    current = child;
    child.once('error', (err) => {
      console.error(`quickstart: could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 0));
    });
  });
}

/**
 * The Node flags the provider runs with (docs/running-as-a-service.md, "Memory"): they size the V8 heap of its main
 * thread, which only flags given at start-up can do (its worker threads are sized by the provider itself). A 2 MB
 * semi-space keeps the young generation at a few MB under load (V8's default grows to 32 MB), and a 1 GB old
 * generation makes V8 collect before the heap is four times its live size. A flag already in NODE_OPTIONS wins.
 */
const PROVIDER_NODE_OPTIONS = ['--max-semi-space-size=2', '--max-old-space-size=1024'];

/**
 * glibc malloc settings the provider gets unless already set (docs/running-as-a-service.md, "Memory"):
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread its own malloc arenas, whose freed memory it seldom returns, and the
 * provider runs several threads; two arenas held 15–20 MB less under load at the same CPU per call.
 * `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` at 128 KiB: fixed, so glibc does not raise them (up to 32 MB)
 * after the first large free and keep what is freed; 6 MB less idle.
 */
const PROVIDER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** `current` NODE_OPTIONS plus each of {@link PROVIDER_NODE_OPTIONS} it does not set already. */
function withProviderNodeOptions(current = '') {
  const missing = PROVIDER_NODE_OPTIONS.filter((flag) => !current.includes(flag.split('=')[0]));
  return [current, ...missing].filter(Boolean).join(' ');
}

/** Exits as a stopped process would after a forwarded signal, else with `status`. */
function finish(status) {
  process.exit(stopping ? (status === 0 ? 0 : 128 + SIGNAL_NUMBERS[stopping]) : status);
}

if (mode !== 'serve' && mode !== 'test') {
  console.error('usage: node scripts/quickstart.mjs serve|test [args...]');
  process.exit(2);
}
const INSTALL_STAMP = path.join(root, 'node_modules', '.ovos-tools-install-stamp');

/** A hash of what `pnpm install` reads: the pinned pnpm, the lockfile, the workspace file and every package.json. */
function installInputs() {
  const hash = createHash('sha256').update(`pnpm@${pinned}\0`);
  const files = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json'];
  for (const dir of readdirSync(path.join(root, 'packages')).sort()) files.push(path.join('packages', dir, 'package.json'));
  for (const file of files) {
    const full = path.join(root, file);
    hash.update(`${file}\0`).update(existsSync(full) ? readFileSync(full) : '(absent)').update('\0');
  }
  return hash.digest('hex');
}

/** Whether node_modules is what an install from the current lockfile and package.json files left. */
function installed() {
  return existsSync(path.join(root, 'node_modules', '.modules.yaml')) && existsSync(INSTALL_STAMP) && readFileSync(INSTALL_STAMP, 'utf8').trim() === installInputs();
}

if (!installed()) {
  ensurePnpm();
  if ((await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'])) !== 0 || stopping) finish(1);
  writeFileSync(INSTALL_STAMP, `${installInputs()}\n`);
}
const stale = builtPackages().filter((dir) => !isFresh(dir));
if (stale.length > 0) {
  ensurePnpm();
  if (!existsSync(path.join(root, 'packages', 'provider', 'dist', 'cli', 'main.js'))) {
    console.error(`quickstart: first build: transpiling ${stale.length} packages with esbuild (JavaScript only). This takes about half a minute on a small machine; later starts skip it.`);
  }
  if ((await run('pnpm', ['run', 'build', '--output-logs=errors-only'])) !== 0 || stopping) finish(1);
}

if (mode === 'test') {
  ensurePnpm();
  // `--built`: the build is current (checked above), so the type check and the tests start without turbo replaying
  // the build's outputs into dist/ (scripts/test-node-lines.mjs may be reading them beside this, under .ci/run)
  const status = await run('pnpm', ['run', 'test:packages', '--built', ...rest]);
  const counts = countTests(root);
  console.log(summaryLine(counts));
  finish(status !== 0 || counts.failed > 0 ? 1 : 0);
} else {
  // 'ipc': the provider stops when this process goes away, even if it is killed with SIGKILL
  const status = await run(process.execPath, [path.join(root, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', ...rest], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...PROVIDER_MALLOC_ENV, ...env, NODE_OPTIONS: withProviderNodeOptions(env.NODE_OPTIONS) },
  });
  finish(status);
}
