import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAgentsConfig } from '../src/access/AgentDefinition.js';
import { sha256Hex } from '../src/access/credential.js';
import { startHttpServer, type HttpServerHandle, type HttpServerOptions } from '../src/transports/http/index.js';
import { descriptor, fakeToolService } from './helpers/fakeToolService.js';
import { addGoldenToolboxes, makePluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort } from './helpers/serve.js';

const OPERATOR = 'operator-secret-0123456789';
/** The page's files as the built package ships them (the build copies them from src/…/inspector/page/). */
const pageFile = (name: string) => readFileSync(new URL(`../dist/transports/http/inspector/page/${name}`, import.meta.url), 'utf8');
const inspectorHtml = pageFile('inspector.html');
/** The page's ES modules, as the build copies them (every `.js` file of the page folder). */
const pageModules = readdirSync(new URL('../dist/transports/http/inspector/page/', import.meta.url)).filter((f) => f.endsWith('.js'));
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const servers: HttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A service whose reload reports a change (and counts how often it ran). */
function service() {
  let reloads = 0;
  const rebuild = async () => {
    reloads += 1;
    return {
      loaded: ['clock', 'notes'],
      totalTools: 2,
      generation: 1 + reloads,
      problems: [{ entryPoint: 'broken', packageName: 'ovos-broken-tools', error: 'ImportError: nope' }],
      added: ['notes.read'],
      removed: [],
      updated: ['clock'],
      durationMs: 1.5,
    };
  };
  const s = fakeToolService([{ tool: descriptor('clock.now'), toolboxId: 'clock', run: async () => ({ now: 'noon' }) }], { rebuild });
  return Object.assign(s, { reloads: () => reloads });
}

async function start(svc = service(), options: HttpServerOptions = {}) {
  const server = await startHttpServer(svc, { port: 0, ...options });
  servers.push(server);
  return server;
}

const reload = (url: string, headers: Record<string, string> = {}) => fetch(`${url}/internal/tools/reload`, { method: 'POST', headers });

describe('POST /internal/tools/reload', () => {
  it('answers the reload report with the OVOS keys to the operator', async () => {
    const svc = service();
    const s = await start(svc, { secret: OPERATOR });
    const res = await reload(s.url, { 'X-Internal-Secret': OPERATOR });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      loaded: ['clock', 'notes'],
      total_tools: 2,
      generation: 2,
      added: ['notes.read'],
      removed: [],
      updated: ['clock'],
      problems: [{ entry_point: 'broken', package: 'ovos-broken-tools', error: 'ImportError: nope' }],
      duration_ms: 1.5,
    });
    expect(svc.reloads()).toBe(1);
  });

  it('is open on a loopback server without credentials, like the other routes', async () => {
    const s = await start();
    expect((await reload(s.url)).status).toBe(200);
  });

  it('refuses a missing credential (401) and an agent credential (403), without reloading', async () => {
    const problems: string[] = [];
    const agents = parseAgentsConfig({ 'agent:sofia': { credential: { sha256: sha256Hex('sofia-token-0123456789') }, tools: ['*'] } }, problems, {});
    expect(problems).toEqual([]);
    const svc = service();
    const s = await start(svc, { secret: OPERATOR, agents });
    expect((await reload(s.url)).status).toBe(401);
    const agent = await reload(s.url, { Authorization: 'Bearer sofia-token-0123456789' });
    expect(agent.status).toBe(403);
    expect(await agent.json()).toMatchObject({ ok: false, code: 'forbidden', error: expect.stringContaining('operator') });
    expect(svc.reloads()).toBe(0);
  });

  it('is documented in /openapi.json', async () => {
    const s = await start();
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    expect(doc.paths['/internal/tools/reload'].post.responses['200']).toBeDefined();
    expect(doc.paths['/inspector']).toBeUndefined();
  });
});

describe('GET /inspector', () => {
  it('serves the page, its script and its style sheet without a credential, under a CSP with no inline code', async () => {
    const s = await start(service(), { secret: OPERATOR });
    const files = [
      ['/inspector', 'text/html; charset=utf-8', 'inspector.html'],
      ['/inspector/inspector.js', 'text/javascript; charset=utf-8', 'inspector.js'],
      ['/inspector/inspector.css', 'text/css; charset=utf-8', 'inspector.css'],
      ...pageModules.map((file) => [`/inspector/${file}`, 'text/javascript; charset=utf-8', file] as const),
    ] as const;
    for (const [path, type, file] of files) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('content-security-policy'), path).toBe(CSP);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await res.text(), path).toBe(pageFile(file));
    }
    // only those exact paths are open: anything else under /inspector, and the API next to it, still need the secret
    expect((await fetch(`${s.url}/inspector/x`)).status).toBe(401);
    expect((await fetch(`${s.url}/inspector/inspector.js.map`)).status).toBe(401);
    expect((await fetch(`${s.url}/inspector/../internal/tools`)).status).toBe(401);
    expect((await fetch(`${s.url}/inspector?from=test`)).status).toBe(200);
    expect((await fetch(`${s.url}/internal/tools?x=/inspector`)).status).toBe(401);
  });

  it('ships a page whose only resources are its own two files, with no inline code and no HTML sink for tool texts', () => {
    const refs = [...inspectorHtml.matchAll(/<(?:script|link|img)[^>]+(?:src|href)="([^"]*)"/gi)].map((m) => m[1]);
    expect(refs.sort()).toEqual(['/inspector/inspector.css', '/inspector/inspector.js']);
    expect(inspectorHtml).not.toMatch(/<script>|<style|\son[a-z]+=|\sstyle=/i);
    expect(inspectorHtml).toContain('<script type="module" src="/inspector/inspector.js"></script>');
    expect(pageModules).toContain('inspector.js');
    for (const file of pageModules) {
      const script = pageFile(file);
      expect(script, file).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
      expect(script, file).toMatch(/^\/\/ @ts-check/);
      // every module it imports is one of the page's own files, served beside it
      for (const [, dep] of script.matchAll(/^import [^'"]+ from '\.\/([^']+)';$/gm)) expect(pageModules, `${file} imports ${dep}`).toContain(dep);
    }
    expect(pageModules.map(pageFile).join('\n')).toContain("headers['X-Internal-Secret']");
  });
});

describe('readInspectorAsset', () => {
  it('answers a missing page file with an error naming it, never a throw', async () => {
    const { readInspectorAsset } = await import('../src/transports/http/inspector/readInspectorAsset.js');
    expect(await readInspectorAsset('inspector.css')).toBe(pageFile('inspector.css'));
    expect(await readInspectorAsset('missing.js')).toEqual({ error: expect.stringMatching(/the inspector page file \S+\/page\/missing\.js cannot be read \(ENOENT\); reinstall @ovos-tools\/provider/) });
  });
});

describe('ovos-tools inspect', () => {
  it('serves the HTTP API and prints the URL of the page, which then answers', async () => {
    const root = makePluginRoot();
    addGoldenToolboxes(root);
    const port = await freePort();
    const bus = `ws://127.0.0.1:${await freePort()}/core`;
    const proc = spawn(process.execPath, [cliPath, 'inspect', '--bus-url', bus, '--embedded-bus', 'always', '--plugins', root.dir, '--http', String(port)], {
      env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn', OVOS_TOOLS_HTTP_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stderr.on('data', (d) => (out += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        proc.stdout.on('data', (d) => {
          out += d;
          const m = /inspector: (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        proc.once('exit', (code) => reject(new Error(`inspect exited with ${code}:\n${out}`)));
      });
      expect(url).toBe(`http://127.0.0.1:${port}/inspector`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(inspectorHtml);
    } finally {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
      root.cleanup();
    }
  });
});
