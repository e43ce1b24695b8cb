import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type HostCallContext } from '@ovos-tools/core';
import { httpHostSource, HttpToolsHost, parseHttpToolsFile, type HttpToolSpec } from '@ovos-tools/toolbox-http';

let server: http.Server;
let base: string;
const received: Array<{ url: string; body: unknown }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ url: req.url!, body: text ? JSON.parse(text) : null });
      if (req.url === '/projects') {
        const { args } = JSON.parse(text) as { args: { microdao_id: string } };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao: args.microdao_id }] }));
      } else if (req.url === '/hang') {
        // never answers
      } else if (req.url === '/garbage') {
        res.end('<html>oops</html>');
      } else if (req.url === '/error') {
        res.statusCode = 500;
        res.end('{}');
      } else if (req.url === '/wrong-shape') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ projects: 'not a list' }));
      } else if (req.url === '/big') {
        res.end(JSON.stringify({ blob: 'x'.repeat(5000) }));
      } else if (req.url === '/redirect-private') {
        res.statusCode = 307;
        res.setHeader('location', '/projects');
        res.end();
      } else res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const net = { allowedHosts: [], allowPrivateNetwork: false, maxResponseBytes: 1000, maxRedirects: 3 };

function spec(id: string, pathname: string, extra: Partial<HttpToolSpec> = {}): HttpToolSpec {
  return {
    id,
    name: id,
    description: `${id} tool`,
    input_schema: { type: 'object', properties: { microdao_id: { type: 'string' } }, required: ['microdao_id'] },
    output_schema: { type: 'object', properties: { projects: { type: 'array' } } },
    executor: 'http',
    target: `${base}${pathname}`,
    allowed_agents: null,
    timeout: 10,
    enabled: true,
    allow_private: true,
    tags: [],
    ...extra,
  };
}

function ctx(timeoutMs = 30_000, signal = new AbortController().signal): HostCallContext {
  return { signal, timeoutMs, deadline: Date.now() + timeoutMs, context: { user_id: 'user:123' } };
}

describe('HttpToolsHost', () => {
  it('POSTs the validated arguments and the context to the target and validates the answer', async () => {
    const host = new HttpToolsHost('http-tools', [spec('projects.list', '/projects', { allowed_agents: ['agent:sofia'] })], net);
    expect(host.describe().tools[0]).toMatchObject({ name: 'projects.list', timeoutMs: 10_000, allowedAgents: ['agent:sofia'] });
    const out = await host.call('projects.list', { microdao_id: 'microdao:7' }, ctx());
    expect(out).toEqual({ ok: true, result: { projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao: 'microdao:7' }] } });
    expect(received.at(-1)).toEqual({ url: '/projects', body: { args: { microdao_id: 'microdao:7' }, context: { user_id: 'user:123' } } });
  });

  it('refuses invalid arguments without calling the service', async () => {
    const host = new HttpToolsHost('http-tools', [spec('projects.list', '/projects')], net);
    const before = received.length;
    const out = await host.call('projects.list', { microdao_id: 7 }, ctx());
    expect(out).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(received.length).toBe(before);
  });

  it('refuses a private target unless the tool allows it (or the operator allows the host)', async () => {
    const refused = new HttpToolsHost('h', [spec('p', '/projects', { allow_private: false })], net);
    const out = await refused.call('p', { microdao_id: 'm' }, ctx());
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.code).toBe('execution_failed');
      expect(out.error.error).toMatch(/^RuntimeError: Refused: 127\.0\.0\.1:\d+ is not a public address \(loopback\); HTTP tools only call public addresses\. Allow this target with "allow_private: true" on tool p/);
    }
    const byHost = new HttpToolsHost('h', [spec('p', '/projects', { allow_private: false })], { ...net, allowedHosts: [new URL(base).host] });
    expect((await byHost.call('p', { microdao_id: 'm' }, ctx())).ok).toBe(true);
  });

  it('times out at the tool timeout on a service that never answers', async () => {
    const host = new HttpToolsHost('h', [spec('slow', '/hang', { timeout: 0.3 })], net);
    const out = await host.call('slow', { microdao_id: 'm' }, ctx());
    expect(out).toEqual({ ok: false, error: { code: 'timeout', error: `TimeoutError: slow timed out after 300 ms waiting for ${base}/hang` } });
    expect(host.health().inflight).toBe(0);
  });

  it('answers ok:false with a clear error for a service that is down, answers garbage, an HTTP error, too much, or the wrong shape', async () => {
    const down = await new Promise<number>((resolve) => {
      const s = http.createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const host = new HttpToolsHost(
      'h',
      [
        { ...spec('down', '/'), target: `http://127.0.0.1:${down}/tool` },
        spec('garbage', '/garbage'),
        spec('error', '/error'),
        spec('big', '/big'),
        spec('shape', '/wrong-shape'),
      ],
      net,
    );
    const errorOf = async (name: string) => {
      const out = await host.call(name, { microdao_id: 'm' }, ctx());
      expect(out.ok).toBe(false);
      return out.ok ? undefined : out.error;
    };
    expect(await errorOf('down')).toEqual({ code: 'execution_failed', error: `RuntimeError: Connection failed: http://127.0.0.1:${down}/tool (ECONNREFUSED)` });
    expect((await errorOf('garbage'))!.error).toMatch(/answered something that is not JSON/);
    expect((await errorOf('error'))!.error).toMatch(/answered HTTP 500/);
    expect((await errorOf('big'))!.error).toMatch(/answered more than 1000 bytes/);
    expect(await errorOf('shape')).toMatchObject({ code: 'invalid_output' });
  });

  it('follows a 307 redirect with the body, re-checking the new hop', async () => {
    const host = new HttpToolsHost('h', [spec('r', '/redirect-private')], net);
    expect(await host.call('r', { microdao_id: 'x' }, ctx())).toMatchObject({ ok: true, result: { projects: [{ microdao: 'x' }] } });
  });
});

describe('parseHttpToolsFile', () => {
  it("reads the seed's YAML and names every problem", () => {
    const { tools, problems } = parseHttpToolsFile(`
tools:
  - id: "projects.list"
    name: "List Projects"
    description: "Returns a list of projects for a microDAO"
    input_schema:
      type: "object"
      properties:
        microdao_id: { type: "string" }
      required: ["microdao_id"]
    output_schema:
      type: "array"
      items: { type: "object" }
    executor: "http"
    target: "http://projects-service:8000/internal/tools/projects.list"
    allowed_agents: ["agent:sofia", "agent:pm"]
    timeout: 10
    enabled: true
  - id: "my.python.tool"
    name: "My Python Tool"
    executor: "python"
    target: "tools.my_module:my_function"
`);
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ id: 'projects.list', timeout: 10, allowed_agents: ['agent:sofia', 'agent:pm'], allow_private: false });
    expect(problems).toEqual([
      'tools[1] "my.python.tool".description: expected a non-empty string',
      'tools[1] "my.python.tool".input_schema: expected a JSON Schema with type: object',
      'tools[1] "my.python.tool".executor: only "http" is supported, received "python"',
      'tools[1] "my.python.tool".target: expected an http(s) URL',
    ]);
  });
});

describe('httpHostSource', () => {
  it('without a config section is quietly inactive: no host, no problem, one info line however often it reloads', async () => {
    const lines: string[] = [];
    const logger = { ...silentLogger, info: (m: string) => void lines.push(m) };
    for (let i = 0; i < 3; i++) expect(await httpHostSource.createHosts({ config: {}, logger, previous: [] })).toEqual({ hosts: [], problems: [] });
    expect(lines).toEqual(['not configured (add an "ovos-http-tools" config section with "file": the tools YAML/JSON file to serve some); inactive']);
    // a section without "file" is a mistake, not "unconfigured": a problem naming the key
    expect((await httpHostSource.createHosts({ config: { toolbox_id: 'x' }, logger, previous: [] })).problems).toEqual([{ toolboxId: 'x', error: 'config: file: expected the path of the tools YAML/JSON file' }]);
  });

  it('serves the file, reuses the host while nothing changed, and serves the edited file after a reload', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'http-tools-'));
    try {
      const file = path.join(dir, 'tools.json');
      const write = (ids: string[]) => writeFile(file, JSON.stringify({ tools: ids.map((id) => spec(id, '/projects')) }));
      await write(['a.one']);
      const config = { file, toolbox_id: 'my-http-tools' };
      const first = await httpHostSource.createHosts({ config, logger: silentLogger, previous: [] });
      expect(first.problems).toEqual([]);
      expect(first.hosts[0]!.describe()).toMatchObject({ toolboxId: 'my-http-tools', tools: [{ name: 'a.one' }] });
      const again = await httpHostSource.createHosts({ config, logger: silentLogger, previous: first.hosts });
      expect(again.hosts[0]).toBe(first.hosts[0]);
      await write(['a.one', 'b.two']);
      const edited = await httpHostSource.createHosts({ config, logger: silentLogger, previous: first.hosts });
      expect(edited.hosts[0]).not.toBe(first.hosts[0]);
      expect(edited.hosts[0]!.describe().tools.map((t) => t.name)).toEqual(['a.one', 'b.two']);
      const missing = await httpHostSource.createHosts({ config: { file: path.join(dir, 'nope.yaml') }, logger: silentLogger, previous: [] });
      expect(missing).toEqual({ hosts: [], problems: [{ toolboxId: 'ovos-http-tools', error: `cannot read ${path.join(dir, 'nope.yaml')}: ENOENT` }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
