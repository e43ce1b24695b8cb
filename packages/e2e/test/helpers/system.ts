import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePluginRoot, type PluginRoot } from '../../../provider/test/helpers/pluginRoot.js';
import { startServe, type RawOvosClient, type ServeProcess } from '../../../provider/test/helpers/serve.js';

export { freePort, RawOvosClient, startServe } from '../../../provider/test/helpers/serve.js';
export type { ServeProcess } from '../../../provider/test/helpers/serve.js';

/** The monorepo root: its node_modules holds the six bundled toolboxes, as for `npm start`. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const webFixtures = path.join(repoRoot, 'packages', 'toolbox-web', 'fixtures');

/** The six bundled toolboxes `serve` finds from the repository root, and their tools. */
export const BUNDLED_TOOLS: Record<string, string[]> = {
  'ovos-clock-tools': ['get_current_datetime', 'convert_time', 'parse_datetime'],
  'ovos-filesystem-tools': ['read_file', 'write_file', 'list_directory', 'search_in_files', 'find_files'],
  'ovos-math-tools': ['evaluate_expression', 'unit_convert', 'statistics_summary', 'solve_equation'],
  'ovos-shell-tools': ['run_command'],
  'ovos-skill-md-toolbox': ['summarise_text'],
  'ovos-web-search-tools': ['web_search', 'fetch_url'],
};

/**
 * A plugin root where these workspace packages (e.g. `toolbox-mcp`) are installed as `npm install <folder>` does:
 * linked under `node_modules/@ovos-tools/`, with the install recorded.
 */
export function linkedPluginRoot(packages: readonly string[]): PluginRoot {
  const root = makePluginRoot();
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  for (const pkg of packages) {
    symlinkSync(path.join(repoRoot, 'packages', pkg), path.join(root.dir, 'node_modules', '@ovos-tools', pkg), 'dir');
    root.recordInstall(`@ovos-tools/${pkg}`);
  }
  return root;
}

/** Starts an HTTP server on 127.0.0.1:0; resolves with it and its base URL. */
export async function listen(handler: (req: IncomingMessage, body: string) => { status?: number; type?: string; body: string }): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const r = handler(req, body);
      res.writeHead(r.status ?? 200, { 'content-type': r.type ?? 'text/html; charset=utf-8' });
      res.end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** Local stand-ins for the internet: DuckDuckGo's HTML endpoint and an article page. */
export async function startWebFixtures() {
  return listen((req) => {
    if (req.url?.startsWith('/html')) return { body: readFileSync(path.join(webFixtures, 'ddg-results.html'), 'utf8') };
    if (req.url?.startsWith('/article')) return { body: readFileSync(path.join(webFixtures, 'article.html'), 'utf8') };
    return { status: 404, body: 'not found' };
  });
}

/** A local OpenAI-compatible chat server answering `echo: <user content>`; records requests. */
export async function startChatServer() {
  const requests: Array<{ model: string; messages: { role: string; content: string }[] }> = [];
  const srv = await listen((_req, body) => {
    const parsed = JSON.parse(body);
    requests.push(parsed);
    const user = parsed.messages.find((m: { role: string }) => m.role === 'user')?.content ?? '';
    return {
      type: 'application/json',
      body: JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: parsed.model, choices: [{ index: 0, message: { role: 'assistant', content: `echo: ${user}` }, finish_reason: 'stop' }] }),
    };
  });
  return { ...srv, requests };
}

/** Everything a full-system run needs: fixtures, a sandbox for the filesystem toolbox, a config file, and `serve`. */
export interface System {
  serve: ServeProcess;
  sandbox: string;
  webBase: string;
  chat: Awaited<ReturnType<typeof startChatServer>>;
  stop(): Promise<void>;
}

/**
 * Starts `ovos-tools serve` from the repository root with the bundled toolboxes, configured by a `--config`
 * file: filesystem rooted in a temp sandbox, shell allowed for `echo`/`tr`/`wc`, web search and fetch pointed at
 * local fixtures, SKILL.md with one skill and a brain at a local chat server.
 */
export async function startSystem(extraConfig: Record<string, unknown> = {}, extraArgs: string[] = []): Promise<System> {
  const web = await startWebFixtures();
  const chat = await startChatServer();
  const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-e2e-'));
  const sandbox = path.join(work, 'sandbox');
  mkdirSync(path.join(sandbox, 'notes'), { recursive: true });
  writeFileSync(path.join(sandbox, 'notes', 'shopping.txt'), 'milk\neggs\ncoffee beans\n');
  writeFileSync(path.join(sandbox, 'notes', 'todo.md'), '# Todo\n- buy coffee\n- call mum\n');
  mkdirSync(path.join(work, 'skills', 'summarise'), { recursive: true });
  writeFileSync(path.join(work, 'skills', 'summarise', 'SKILL.md'), '---\nname: summarise-text\ndescription: Summarise a text in one sentence.\n---\n\nSummarise the task in one sentence.\n');
  const webHost = new URL(web.base).host;
  const config = {
    default_timeout_ms: 20_000,
    brain: { base_url: `${chat.base}/v1`, model: 'e2e-model' },
    'ovos-filesystem-tools': { root_path: sandbox, allow_write: true },
    'ovos-shell-tools': { allow_shell: true, allowed_commands: ['echo', 'tr', 'wc'], max_timeout: 10, root_path: sandbox },
    'ovos-web-search-tools': { ddg_url: `${web.base}/html/`, allowed_hosts: [webHost], min_interval_ms: 0 },
    'ovos-skill-md-toolbox': { extra_skill_md_paths: [path.join(work, 'skills')], search_roots: [], user_skills_dir: path.join(work, 'no-user-skills') },
    ...extraConfig,
  };
  const configFile = path.join(work, 'ovos-tools.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const serve = await startServe(['--plugins', repoRoot, '--config', configFile, '--embedded-bus', 'always', ...extraArgs], {}, { cwd: repoRoot });
  return {
    serve,
    sandbox,
    webBase: web.base,
    chat,
    async stop() {
      await serve.stop();
      await new Promise((r) => web.server.close(r));
      await new Promise((r) => chat.server.close(r));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Resolves with the response frame whose `context.request_id` is `id` (polling the client's frames). */
export async function answerTo(c: RawOvosClient, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const f = c.frames.find((x) => x.type.endsWith('.response') && x.context.request_id === id);
    if (f) return f;
    if (Date.now() > deadline) throw new Error(`no answer to ${id} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
