#!/usr/bin/env node
// `npm run registry:local`: the npm flows of the docs before the first release. Starts Verdaccio 6.8.0 (the local
// npm registry the e2e suite uses, a devDependency of packages/e2e) on 127.0.0.1, publishes every package of this
// checkout into it the way a release does (`pnpm -r publish`, which rewrites `workspace:` ranges), prints the one
// line that points npm at it, and serves until Ctrl-C. Every other package comes through it from the registry your
// npm uses now (`npm config get registry`, read at run time, with your CA file and proxy).
//
//   npm run registry:local                    port 4873, storage in .tools/registry/
//   npm run registry:local -- --port 4874     another port
//
// Then, in another terminal: `export npm_config_userconfig=<checkout>/.tools/registry/npmrc` (printed), and
// `npm create ovos-toolbox@latest`, `npm install @ovos-tools/provider`, `npx -p @ovos-tools/provider ovos-tools
// check .` and `npm publish` all use the local registry. That npmrc holds the registry and a token for it (Verdaccio
// lets anyone publish there). Running it again republishes nothing already there; bump a version, or delete
// .tools/registry/, to publish a changed package again.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtPackages, isFresh } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args[portAt + 1]) : 4873;
if (!Number.isInteger(port) || port <= 0 || port > 65535) fail(`--port takes a port number, e.g. --port 4874 (got '${args[portAt + 1] ?? ''}')`);
const url = `http://127.0.0.1:${port}/`;
const dir = path.join(root, '.tools', 'registry');
const bin = path.join(root, 'node_modules', '.bin');
// pnpm: the one on PATH, else the one `npm start`/`npm test` installed into .tools/
const env = { ...process.env, PATH: [bin, process.env.PATH ?? '', path.join(root, '.tools', 'node_modules', '.bin')].join(path.delimiter) };
if (!existsSync(path.join(root, 'packages', 'e2e', 'node_modules', 'verdaccio'))) fail('the workspace is not installed yet: run `npm start` or `npm test` once (they install it), then this again');

function fail(message) {
  console.error(`registry:local: ${message}`);
  process.exit(2);
}

/** A setting of the user's npm, or `undefined` when unset. */
function npmConfig(key) {
  const value = execFileSync('npm', ['config', 'get', key], { encoding: 'utf8', cwd: root }).trim();
  return value && value !== 'null' && value !== 'undefined' ? value : undefined;
}

/** Runs a command to completion with inherited output; exits on failure. */
function step(cmd, cmdArgs, extraEnv = {}) {
  try {
    execFileSync(cmd, cmdArgs, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  } catch {
    fail(`\`${cmd} ${cmdArgs.join(' ')}\` failed (see above)`);
  }
}

const upstream = npmConfig('registry') ?? fail('`npm config get registry` printed nothing: set the registry this one should proxy with `npm config set registry <url>`');
const cafile = npmConfig('cafile');
const proxy = npmConfig('https-proxy') ?? npmConfig('proxy');
mkdirSync(dir, { recursive: true });
// the same settings as the suite's registry (packages/e2e/test/helpers/registry.ts), with publishing open to anyone
const config = [
  `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
  'uplinks:',
  '  up:',
  `    url: ${JSON.stringify(upstream)}`,
  '    timeout: 60s',
  '    max_fails: 5',
  '    fail_timeout: 10s',
  ...(proxy ? [`    https_proxy: ${JSON.stringify(proxy)}`, `    http_proxy: ${JSON.stringify(proxy)}`] : []),
  'packages:',
  "  '@ovos-tools/*':\n    access: $all\n    publish: $anonymous",
  "  'create-ovos-toolbox':\n    access: $all\n    publish: $anonymous",
  "  '**':\n    access: $all\n    publish: $anonymous\n    proxy: up",
  'web:',
  '  enable: false',
  'max_body_size: 50mb',
  'log: { type: stdout, format: pretty, level: warn }',
  '',
].join('\n');
const configFile = path.join(dir, 'verdaccio.yaml');
writeFileSync(configFile, config);
const npmrc = path.join(dir, 'npmrc');
writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=local-registry\n`);

// what a tarball needs: the JavaScript (esbuild) and the declarations (tsc -b), built once here so that the
// packages' prepack steps, which `pnpm -r publish` runs side by side, find them current and write nothing
if (builtPackages().some((pkgDir) => !isFresh(pkgDir))) step('pnpm', ['run', 'build', '--output-logs=errors-only']);
step('pnpm', ['run', 'typecheck']);

const verdaccio = spawn(process.execPath, [path.join(root, 'packages', 'e2e', 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', configFile, '--listen', `127.0.0.1:${port}`], {
  env: { ...process.env, ...(cafile && !process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: cafile } : {}) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => verdaccio.kill('SIGTERM'));
verdaccio.once('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    if ((await fetch(`${url}-/ping`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    verdaccio.kill('SIGTERM');
    fail(`Verdaccio did not answer ${url}-/ping within 30 s (is port ${port} taken? try --port)`);
  }
  await new Promise((r) => setTimeout(r, 200));
}
try {
  execFileSync('pnpm', ['-r', 'publish', '--no-git-checks', '--access', 'public', '--registry', url], {
    cwd: root,
    env: { ...env, npm_config_userconfig: npmrc },
    stdio: 'inherit',
  });
} catch {
  verdaccio.kill('SIGTERM');
  fail('publishing into the local registry failed (see above)');
}
console.log(`
Local npm registry: ${url} (Verdaccio 6.8.0; storage .tools/registry/; every other package from ${upstream})
Every @ovos-tools/* package and create-ovos-toolbox of this checkout is published there. To use it, in another terminal:

  export npm_config_userconfig=${npmrc}

Then the docs' "from npm" steps run as written (npm create ovos-toolbox@latest, npm install @ovos-tools/provider,
npx -p @ovos-tools/provider ovos-tools check ., npm publish). Ctrl-C here stops the registry.`);
