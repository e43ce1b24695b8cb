#!/usr/bin/env node
// `pnpm test:packages` (and `npm test`, after its install and build): the type check (`pnpm typecheck`: tsc -b,
// which also writes the declarations) beside every package's tests, each package through turbo
// (`turbo run test --only --filter=<package>`, so a package whose inputs did not change replays its cached result).
//
//   node scripts/test-packages.mjs            builds first (turbo run build, cached), then type check and tests
//   node scripts/test-packages.mjs --built    the caller has just built (scripts/quickstart.mjs): no build step, and
//                                             nothing rewrites dist/ while tests (or scripts/test-node-lines.mjs
//                                             beside `.ci/run`) read it
//
// Three things run at a time (OVOS_TOOLS_TEST_JOBS): the type check and two packages, then three packages once the
// type check is done. The packages in AFTER_TYPECHECK pack or publish workspace packages, whose tarballs carry the
// declarations the type check writes (on a fresh clone there are none before it ends; a prepack would start a second
// tsc over the same files): they start once it has ended, first of all, longest first (e2e runs its files one at a
// time for minutes, so it must not be the last to start). The others start at once, longest first. The order is
// LONGEST_FIRST, from a quiet 2-core CI run's vitest reports. The others run at a lower CPU priority (`nice -n 5`),
// so that the type check, and then the long suites that wait for it, are not slowed by them on a 2-core machine.
// Every package runs even when another failed; the exit status is 1 if anything failed. SIGINT/SIGTERM/SIGHUP go to
// what runs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const built = args.includes('--built');
const extra = args.filter((a) => a !== '--built');
const slots = Math.max(1, Number(process.env.OVOS_TOOLS_TEST_JOBS) || 3);

/**
 * Packages whose tests pack or publish workspace packages (declarations included). The provider's tests pack only
 * their own fixtures and read only JavaScript from dist/, so the provider starts at once.
 */
const AFTER_TYPECHECK = new Set(['e2e', 'docs']);

/** Package folders by how long their suite runs, longest first; any other package follows, by name. */
const LONGEST_FIRST = ['e2e', 'provider', 'docs', 'core', 'messagebus', 'toolbox-mcp', 'toolbox-filesystem', 'toolbox-math', 'toolbox-web', 'toolbox-shell', 'toolbox-clock'];

/** `[{ dir, name }]` of every package with a `test` script, longest suite first. */
function packages() {
  const rank = (dir) => (LONGEST_FIRST.includes(dir) ? LONGEST_FIRST.indexOf(dir) : LONGEST_FIRST.length);
  return readdirSync(path.join(root, 'packages'))
    .filter((dir) => existsSync(path.join(root, 'packages', dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => typeof pkg.scripts?.test === 'string')
    .map(({ dir, pkg }) => ({ dir, name: pkg.name }))
    .sort((a, b) => rank(a.dir) - rank(b.dir) || a.dir.localeCompare(b.dir));
}

const running = new Set();
let stopping;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping ??= signal;
    for (const child of running) child.kill(signal);
  });
}

/** Runs a command with inherited stdio; resolves with its exit status (a signal death is a failure). */
function run(cmd, argv) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit' });
    running.add(child);
    child.once('error', (err) => {
      running.delete(child);
      console.error(`test-packages: could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code ?? 1);
    });
  });
}

if (!built && (await run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'])) !== 0) process.exit(1);
const all = packages();
const queue = all.filter((p) => !AFTER_TYPECHECK.has(p.dir));
const afterTypecheck = all.filter((p) => AFTER_TYPECHECK.has(p.dir));
let failed = false;
let free = slots;
await new Promise((resolveAll) => {
  let pending = all.length + 1;
  const done = (status) => {
    if (status !== 0) failed = true;
    free++;
    pending--;
    if (pending === 0) resolveAll();
    else startMore();
  };
  const startMore = () => {
    while (free > 0 && queue.length > 0 && !stopping) {
      const { dir, name } = queue.shift();
      free--;
      const test = ['pnpm', 'exec', 'turbo', 'run', 'test', '--only', `--filter=${name}`, ...extra];
      const [cmd, ...argv] = AFTER_TYPECHECK.has(dir) || process.platform === 'win32' ? test : ['nice', '-n', '5', ...test];
      void run(cmd, argv).then(done);
    }
    if (stopping && running.size === 0) resolveAll();
  };
  free--;
  void run('pnpm', ['run', 'typecheck']).then((status) => {
    queue.unshift(...afterTypecheck);
    done(status);
  });
  startMore();
});
process.exit(stopping || failed ? 1 : 0);
