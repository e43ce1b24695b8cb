#!/usr/bin/env node
// The README's two commands on a fresh clone with only Node and npm:
//   npm start  → node scripts/quickstart.mjs serve  (install, build, run the provider on an embedded messagebus)
//   npm test   → node scripts/quickstart.mjs test   (install, build, run every package's tests, print the counts)
// pnpm is the workspace's package manager; when the pinned version is not on PATH it is installed into
// ./.tools with npm (corepack is not used: it fails against registries without signatures).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTests } from './count-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.replace(/^pnpm@/, '');
const [mode, ...rest] = process.argv.slice(2);

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

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

if (mode !== 'serve' && mode !== 'test') {
  console.error('usage: node scripts/quickstart.mjs serve|test [args...]');
  process.exit(2);
}
ensurePnpm();
if (run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']) !== 0) process.exit(1);
if (run('pnpm', ['run', 'build']) !== 0) process.exit(1);

if (mode === 'test') {
  const status = run('pnpm', ['run', 'test:packages', ...rest]);
  const { passed, failed } = countTests(root);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(status !== 0 || failed > 0 ? 1 : 0);
}

const child = spawn(process.execPath, [path.join(root, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', ...rest], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
