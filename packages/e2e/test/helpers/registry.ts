import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot } from './system.js';

/** A Verdaccio npm registry started for a test, with the environment that points npm (and pnpm) at it. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /**
   * The environment of a user whose npm uses this registry: a fresh `HOME`, a temporary npm cache and userconfig
   * (holding a token for the registry), `npm_config_registry` set, and no `npm_*`/`pnpm_*`/`XDG_*` variables
   * inherited from the test runner.
   */
  env: NodeJS.ProcessEnv;
  /** The fresh home folder. */
  home: string;
  /** Everything Verdaccio printed: warnings, and each request to the uplink with its status or error. */
  output(): string;
  /** Stops Verdaccio (SIGTERM; SIGKILL 5 s later if it is still running). */
  stop(): Promise<void>;
}

/** Scopes and names the test publishes itself: served from local storage only, never looked up upstream. */
const OWN_PACKAGES = ['@ovos-tools/*', 'create-ovos-toolbox'];

/** A registry setting of the user's npm (`npm config get <key>`), or `undefined` when unset. */
function npmConfig(key: string): string | undefined {
  const value = execFileSync('npm', ['config', 'get', key], { encoding: 'utf8', cwd: repoRoot }).trim();
  return value && value !== 'null' && value !== 'undefined' ? value : undefined;
}

/** The runner's environment without the variables a package manager or a desktop session sets for its children. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|xdg_|ovos_tools_|init_cwd$|turbo_)/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * Starts Verdaccio (the devDependency, 6.8.0 on Node 20) on a free loopback port with storage under `work`. Its
 * uplink for third-party packages is the registry the user's npm is configured with (`npm config get registry`,
 * read now: no registry host is written into the repository), with the user's CA file and proxies. Packages of
 * {@link OWN_PACKAGES} and `publishable` are publishable by anyone and never proxied.
 * @param work - a temporary folder; `home`, `storage`, `npm-cache` and `npmrc` are created in it.
 * @param publishable - more package names the test publishes (e.g. a scaffolded toolbox).
 */
export async function startRegistry(work: string, publishable: readonly string[] = []): Promise<LocalRegistry> {
  const upstream = npmConfig('registry');
  if (!upstream) throw new Error('`npm config get registry` printed nothing: the local registry proxies the configured one (npm config set registry <url>)');
  const cafile = npmConfig('cafile');
  const proxy = npmConfig('https-proxy') ?? npmConfig('proxy');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const home = path.join(work, 'home');
  mkdirSync(home, { recursive: true });
  const own = (name: string) => `  '${name}':\n    access: $all\n    publish: $anonymous\n`;
  const config = [
    `storage: ${JSON.stringify(path.join(work, 'storage'))}`,
    'uplinks:',
    '  up:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 60s',
    // Verdaccio answers 404 for a package it has not stored while its uplink counts as down (max_fails failed
    // requests in a row, then fail_timeout, 5 minutes by default): a brief upstream hiccup must not fail the rest.
    '    max_fails: 5',
    '    fail_timeout: 10s',
    // a third-party package's metadata, once fetched, serves the whole test (Verdaccio's default asks upstream again
    // after 2 minutes: the flows' installs then waited for, and Verdaccio parsed, the same large documents again)
    '    maxage: 30m',
    ...(proxy ? [`    https_proxy: ${JSON.stringify(proxy)}`, `    http_proxy: ${JSON.stringify(proxy)}`] : []),
    'packages:',
    ...[...OWN_PACKAGES, ...publishable].map(own),
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: up',
    'web:',
    '  enable: false',
    'max_body_size: 50mb',
    // `http`: every uplink request with its status or error, so output() says why a package was not served
    'log: { type: stdout, format: pretty, level: http }',
    '',
  ].join('\n');
  const configFile = path.join(work, 'verdaccio.yaml');
  writeFileSync(configFile, config);
  const npmrc = path.join(work, 'npmrc');
  // npm wants a token to publish; Verdaccio lets anyone publish the packages above, so any token does
  writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=e2e-local-registry\n`);

  const verdaccioBin = path.join(repoRoot, 'packages', 'e2e', 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const proc: ChildProcess = spawn(process.execPath, [verdaccioBin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    env: { ...cleanEnv(), HOME: home, ...(cafile && !process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: cafile } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`verdaccio exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`verdaccio did not answer ${url}-/ping within 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    HOME: home,
    npm_config_userconfig: npmrc,
    npm_config_registry: url,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // npm's default, stated so that no global npmrc can loosen it: peer ranges are enforced (ERESOLVE)
    npm_config_legacy_peer_deps: 'false',
  };
  return {
    url,
    env,
    home,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        // SIGTERM, then SIGKILL if it has not exited 5 s later (a busy Verdaccio on a loaded machine held an afterAll
        // past its limit)
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}
