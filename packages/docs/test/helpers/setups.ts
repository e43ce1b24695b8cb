import http from 'node:http';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCommand } from '../../../e2e/test/helpers/readmeSteps.js';
import { freePort, linkedPluginRoot, repoRoot, startServe } from '../../../e2e/test/helpers/system.js';

/** A provider (or none) the blocks of one setup run against, with the environment their commands get. */
export interface Setup {
  name: string;
  /** The environment of every command: a temporary HOME, and the provider's bus. */
  env: NodeJS.ProcessEnv;
  /** The temporary HOME (shown as `/home/ovos` in the pages). */
  home: string;
  /** Where commands run. */
  cwd: string;
  /** `http://127.0.0.1:<port>` of the HTTP API, when the setup serves one (pages write `http://localhost:7009`). */
  httpBase?: string;
  close(): Promise<void>;
}

/** A fresh HOME with the XDG folders under it, and the environment that points there. */
function tempHome(name: string) {
  const home = mkdtempSync(path.join(os.tmpdir(), `ovos-docs-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    OVOS_TOOLS_LOG_LEVEL: 'warn',
    // npm as on a fresh machine, minus its advice: its own cache in this HOME, no funding, audit or update notices
    npm_config_cache: path.join(home, '.npm'),
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    // but the machine's own npm settings (the registry, its CA file, a proxy): without them a fresh HOME may not reach
    // the registry at all (a TLS-intercepting proxy's certificate), and an install of a dependency hangs, then fails
    npm_config_userconfig: process.env.npm_config_userconfig ?? path.join(os.homedir(), '.npmrc'),
  };
  // a user's shell has none of the npm_* variables pnpm and npm set for the scripts they run (npm warns of pnpm's)
  for (const key of Object.keys(env)) if (/^npm_(config|package|lifecycle)_/i.test(key) && !/^npm_config_(cache|fund|audit|update_notifier|registry|userconfig)$/.test(key)) delete env[key];
  delete env.OVOS_TOOLS_BUS_URL;
  delete env.OVOS_TOOLS_HTTP_SECRET;
  return { home, env };
}

/** The toolboxes `npm start` serves. */
const BUNDLED = ['toolbox-clock', 'toolbox-filesystem', 'toolbox-math', 'toolbox-shell', 'toolbox-skill-md', 'toolbox-web'];

/** A local HTTP service on a free loopback port that answers every request with `answer(url)` as JSON. */
async function localService(answer: (url: URL) => unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(new URL(req.url ?? '/', 'http://127.0.0.1'))));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * `ovos-tools serve` on its own embedded bus at a free port, with `packages` (workspace folders) installed in a plugin
 * root and `args` added, in the fresh HOME of `base`; closing the setup stops it and then calls `onClose`.
 */
async function providerSetup(name: string, base: { home: string; env: NodeJS.ProcessEnv }, packages: string[], args: string[] = [], onClose?: () => Promise<void>): Promise<Setup> {
  const root = linkedPluginRoot(packages);
  const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'always', ...args], base.env, { cwd: base.home });
  return {
    name,
    env: { ...base.env, OVOS_TOOLS_BUS_URL: serve.url },
    home: base.home,
    cwd: base.home,
    close: async () => {
      await serve.stop();
      root.cleanup();
      await onClose?.();
      rmSync(base.home, { recursive: true, force: true });
    },
  };
}

/**
 * `session`: what `npm start` runs — `ovos-tools serve` with the six bundled toolboxes, no config, on its own
 * embedded bus, in a fresh HOME (so the file tools work in `~/.local/share/ovos-tools/workspace`).
 */
export function sessionSetup(): Promise<Setup> {
  return providerSetup('session', tempHome('session'), BUNDLED);
}

/** The files of the HTTP API page's session, committed where the page links them. */
const HTTP_EXAMPLE = path.join(repoRoot, 'examples', 'http-api');

/**
 * `http`: the HTTP API's session, from the files docs/http-api.md links (examples/http-api/): `ovos-tools serve
 * --http --config ovos-tools.json` in a fresh HOME holding that config (the agents `agent:sofia`, credential
 * `dev-secret-token`, every tool and `/metrics`, and `agent:kid`, credential `kid-token-0123456789`, only `tag:time`,
 * both as SHA-256 hashes) and `http-tools.json`, with `@ovos-tools/toolbox-http` serving `projects.list` from
 * `projects-service.mjs`. The one change: the service listens on a free port instead of 8090, and the tools file's
 * `target` says so.
 */
export async function httpSetup(): Promise<Setup> {
  const base = tempHome('http');
  const { startProjectsService } = (await import(pathToFileURL(path.join(HTTP_EXAMPLE, 'projects-service.mjs')).href)) as {
    startProjectsService: (port: number) => Promise<{ url: string; close: () => Promise<void> }>;
  };
  const service = await startProjectsService(0);
  const tools = readFileSync(path.join(HTTP_EXAMPLE, 'http-tools.json'), 'utf8');
  if (!tools.includes('http://127.0.0.1:8090/')) throw new Error('examples/http-api/http-tools.json no longer calls http://127.0.0.1:8090/');
  writeFileSync(path.join(base.home, 'http-tools.json'), tools.split('http://127.0.0.1:8090/').join(`${service.url}/`));
  const config = path.join(base.home, 'ovos-tools.json');
  copyFileSync(path.join(HTTP_EXAMPLE, 'ovos-tools.json'), config);
  const port = await freePort();
  const setup = await providerSetup('http', base, ['toolbox-http'], ['--config', config, '--http', `127.0.0.1:${port}`], service.close);
  return { ...setup, httpBase: `http://127.0.0.1:${port}` };
}

/** `repo`: no provider; commands run at the repository root in a fresh HOME (`ovos-tools mcp --plugins .`). */
export async function repoSetup(): Promise<Setup> {
  const { home, env } = tempHome('repo');
  return { name: 'repo', env, home, cwd: repoRoot, close: async () => rmSync(home, { recursive: true, force: true }) };
}

/**
 * `plugins`: no provider; commands run in a fresh HOME that holds `my-plugins`, a plugin root with the clock, shell
 * and web toolboxes installed, and get a free bus address (`ovos-tools inspect --plugins ./my-plugins`).
 */
export async function pluginsSetup(): Promise<Setup> {
  const { home, env } = tempHome('plugins');
  const root = linkedPluginRoot(['toolbox-clock', 'toolbox-shell', 'toolbox-web']);
  symlinkSync(root.dir, path.join(home, 'my-plugins'), 'dir');
  return {
    name: 'plugins',
    env: { ...env, OVOS_TOOLS_BUS_URL: `ws://127.0.0.1:${await freePort()}/core` },
    home,
    cwd: home,
    close: async () => {
      root.cleanup();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * `searxng`: the `session` provider started with `--config ovos-tools.json` pointing the web toolbox at a SearXNG
 * instance — here a local stand-in for one, answering its JSON API (`/search?format=json`) with three results.
 */
export async function searxngSetup(): Promise<Setup> {
  const base = tempHome('searxng');
  const results = [
    {
      title: 'OpenVoiceOS - Open Source Voice Assistant',
      url: 'https://www.openvoiceos.org/',
      content: 'OpenVoiceOS is a community-driven, open-source voice AI platform for creating custom voice-controlled interfaces across devices.',
    },
    { title: 'OpenVoiceOS · GitHub', url: 'https://github.com/OpenVoiceOS', content: 'OpenVoiceOS has 200 repositories available. Follow their code on GitHub.' },
    { title: 'A third result', url: 'https://example.org/', content: 'Cut by max_results.' },
  ];
  const searxng = await localService((url) => ({ query: url.searchParams.get('q'), results }));
  const config = path.join(base.home, 'ovos-tools.json');
  writeFileSync(config, JSON.stringify({ 'ovos-web-search-tools': { searxng_url: searxng.url } }));
  return providerSetup('searxng', base, BUNDLED, ['--config', config], searxng.close);
}

/**
 * `hello`: the `session` provider that also serves the per-user plugin folder, in a HOME that holds the tarballs
 * `npm pack` makes of `examples/hello-toolbox` and `packages/core` (`ovos-hello-tools-1.0.0.tgz`,
 * `ovos-tools-core-1.0.0.tgz`), ready to be installed into that folder while it runs.
 */
export async function helloSetup(): Promise<Setup> {
  const base = tempHome('hello');
  // the tarballs' dependencies come from the registry the user's npm is configured with (its config is in the real HOME)
  const registry = await runCommand(['npm', 'config', 'get', 'registry'], repoRoot, process.env);
  const url = registry.output.split('\n').find((l) => /^https?:\/\/\S+$/.test(l.trim())); // its warnings come with it
  if (registry.code === 0 && url) base.env.npm_config_registry = url.trim();
  for (const dir of [path.join(repoRoot, 'examples', 'hello-toolbox'), path.join(repoRoot, 'packages', 'core')]) {
    const packed = await runCommand(['npm', 'pack', '--pack-destination', base.home, '--loglevel=error'], dir, base.env);
    if (packed.code !== 0) throw new Error(`npm pack in ${dir} failed:\n${packed.output}`);
  }
  const userPlugins = path.join(base.home, '.local', 'share', 'ovos-tools', 'plugins');
  return providerSetup('hello', base, BUNDLED, ['--plugins', userPlugins]);
}

/**
 * `config`: no provider; commands run in a fresh HOME that holds `ovos-tools.json`, a provider config with two
 * misspelt keys (the one docs/configuration.md shows), and get a free bus address.
 */
export async function configSetup(): Promise<Setup> {
  const { home, env } = tempHome('config');
  writeFileSync(path.join(home, 'ovos-tools.json'), JSON.stringify({ defualt_timeout_ms: 20000, result_store: { maxBytes: 1048576 } }, null, 2));
  return {
    name: 'config',
    env: { ...env, OVOS_TOOLS_BUS_URL: `ws://127.0.0.1:${await freePort()}/core` },
    home,
    cwd: home,
    close: async () => rmSync(home, { recursive: true, force: true }),
  };
}

/** The setups a page can name in `<!-- transcript: <setup> -->`; `session` is the default. */
export const SETUPS: Record<string, () => Promise<Setup>> = { session: sessionSetup, http: httpSetup, repo: repoSetup, plugins: pluginsSetup, searxng: searxngSetup, hello: helloSetup, config: configSetup };
