import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@ovos-tools/core';
import { hashCredential, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { PrometheusMetrics, startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where @ovos-tools/toolbox-http is installed for this package (a workspace link). */
const toolboxHttpDir = path.dirname(createRequire(import.meta.url).resolve('@ovos-tools/toolbox-http/package.json'));

/**
 * The HTTP API on the real provider: the seed's curl examples verbatim against `ToolsProvider.service`, with
 * @ovos-tools/toolbox-http installed in a plugin root serving tools from a YAML file that call a local service.
 */
let root: string;
let service: http.Server;
let serviceUrl: string;
let provider: ToolsProvider;
let api: HttpServerHandle;
let toolsFile: string;
const metrics = new PrometheusMetrics();

const toolsYaml = (extra = '') => `
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
      type: "object"
      properties: { projects: { type: "array", items: { type: "object" } } }
    executor: "http"
    target: "${serviceUrl}/internal/tools/projects.list"
    allowed_agents: ["agent:sofia", "agent:pm"]
    timeout: 10
    enabled: true
    allow_private: true
  - id: "projects.slow"
    description: "Never answers"
    input_schema: { type: "object" }
    executor: "http"
    target: "${serviceUrl}/hang"
    timeout: 0.4
    allow_private: true
  - id: "projects.private"
    description: "A private target without allow_private"
    input_schema: { type: "object" }
    executor: "http"
    target: "${serviceUrl}/internal/tools/projects.list"
${extra}`;

beforeAll(async () => {
  service = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (req.url === '/hang') return;
      const { args } = JSON.parse(text) as { args: { microdao_id?: string } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao_id: args.microdao_id }] }));
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  serviceUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;

  // A plugin root (below this package, so installed packages resolve @ovos-tools/core) with toolbox-http
  // installed as a link, the way pnpm installs it, and one ToolBox package whose tool carries the tag "test".
  mkdirSync(path.join(e2eDir, '.test-plugins'), { recursive: true });
  root = mkdtempSync(path.join(e2eDir, '.test-plugins', 'http-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'test-plugin-root', private: true }));
  mkdirSync(path.join(root, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(toolboxHttpDir, path.join(root, 'node_modules', '@ovos-tools', 'toolbox-http'), 'dir');
  const testTools = path.join(root, 'node_modules', 'ovos-test-tools');
  mkdirSync(testTools, { recursive: true });
  writeFileSync(
    path.join(testTools, 'package.json'),
    JSON.stringify({ name: 'ovos-test-tools', version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { 'ovos-test-tools': './index.js#Toolbox' } } }),
  );
  writeFileSync(
    path.join(testTools, 'index.js'),
    `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'ovos-test-tools';
  discoverTools() {
    return [new AgentTool({ name: 'add', description: 'Add two integers.', tags: ['test'],
      argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: Type.Object({ result: Type.Integer() }),
      toolCall: ({ a, b }) => ({ result: a + b }) })];
  }
}
`,
  );
  // npm's install record: the provider loads only what a package manager installed
  writeFileSync(
    path.join(root, 'node_modules', '.package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/@ovos-tools/toolbox-http': { link: true }, 'node_modules/ovos-test-tools': { version: '1.0.0' } } }),
  );
  toolsFile = path.join(root, 'http-tools.yaml');
  writeFileSync(toolsFile, toolsYaml());

  const settings = parseProviderConfig({
    isolation: 'inline',
    federation: false,
    'ovos-http-tools': { file: toolsFile },
    agents: {
      'agent:sofia': { credential: { sha256: hashCredential('dev-secret-token', 'sha256') }, tools: ['*'], reads: ['metrics'] },
      'agent:kid': { credential: { sha256: hashCredential('kid-token-0123456789', 'sha256') }, tools: ['tag:test'] },
    },
  });
  provider = new ToolsProvider({ settings, pluginRoots: [root], logger: silentLogger, logLevel: 'silent', brain: null, metrics });
  const report = await provider.start();
  expect(report.problems).toEqual([]);
  api = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents, metrics });
});

afterAll(async () => {
  await api?.close();
  await provider?.close();
  service.closeAllConnections();
  await new Promise((r) => service.close(r));
  if (root) rmSync(root, { recursive: true, force: true });
});

const H = { 'X-Internal-Secret': 'dev-secret-token' };

describe('the seed curl examples against the provider', () => {
  it('curl http://localhost:7009/internal/tools?agent_id=agent:sofia -H "X-Internal-Secret: dev-secret-token"', async () => {
    const res = await fetch(`${api.url}/internal/tools?agent_id=agent:sofia`, { headers: H });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(body.tools.length);
    const seed = body.tools.find((t: { id: string }) => t.id === 'projects.list');
    expect(seed).toMatchObject({ id: 'projects.list', name: 'List Projects', description: 'Returns a list of projects for a microDAO', executor: 'http', toolbox_id: 'ovos-http-tools' });
    expect(seed.input_schema.required).toEqual(['microdao_id']);
    expect(body.tools.map((t: { id: string }) => t.id)).toContain('add');
  });

  it('POST /internal/tools/call with the seed body calls the HTTP tool', async () => {
    const res = await fetch(`${api.url}/internal/tools/call`, {
      method: 'POST',
      headers: { ...H, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tool_id: 'projects.list', agent_id: 'agent:sofia', microdao_id: 'microdao:7', args: { microdao_id: 'microdao:7' }, context: { channel_id: 'channel-uuid', user_id: 'user:123' } }),
    });
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, tool_id: 'projects.list', result: { projects: [{ id: 'proj-1', name: 'Phase 3', status: 'active', microdao_id: 'microdao:7' }] } });
    expect(typeof body.latency_ms).toBe('number');
  });

  it('curl http://localhost:7009/internal/tools/projects.list -H "X-Internal-Secret: dev-secret-token"', async () => {
    const res = await fetch(`${api.url}/internal/tools/projects.list`, { headers: H });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'projects.list', executor: 'http', timeout_ms: 10_000 });
  });
});

describe('on the real provider', () => {
  it("an agent's allowlist and the tool's allowed_agents hide and refuse tools", async () => {
    const kid = { Authorization: 'Bearer kid-token-0123456789', 'Content-Type': 'application/json' };
    const list = await (await fetch(`${api.url}/internal/tools`, { headers: kid })).json();
    expect(list.tools.map((t: { id: string }) => t.id)).toEqual(['add']);
    const refused = await fetch(`${api.url}/internal/tools/call`, { method: 'POST', headers: kid, body: JSON.stringify({ tool_id: 'projects.list', args: { microdao_id: 'x' } }) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/allowed_agents \["agent:sofia","agent:pm"\] does not include "agent:kid"/);
    const ok = await fetch(`${api.url}/internal/tools/call`, { method: 'POST', headers: kid, body: JSON.stringify({ tool_id: 'add', args: { a: 2, b: 3 } }) });
    expect(await ok.json()).toMatchObject({ ok: true, result: { result: 5 } });
  });

  it('an HTTP tool times out at its timeout and refuses a private target it does not allow', async () => {
    const call = async (tool_id: string) =>
      (await fetch(`${api.url}/internal/tools/call`, { method: 'POST', headers: { ...H, 'Content-Type': 'application/json' }, body: JSON.stringify({ tool_id, args: {} }) })).json();
    expect(await call('projects.slow')).toMatchObject({ ok: false, code: 'timeout', tool_id: 'projects.slow', latency_ms: expect.any(Number) });
    const refused = await call('projects.private');
    expect(refused).toMatchObject({ ok: false, code: 'execution_failed' });
    expect(refused.error).toMatch(/is not a public address \(loopback\)/);
  });

  it('editing the tools file and reloading changes the tools; /metrics counts invokes', async () => {
    writeFileSync(
      toolsFile,
      toolsYaml(`  - id: "projects.count"
    description: "Counts projects"
    input_schema: { type: "object" }
    executor: "http"
    target: "${serviceUrl}/internal/tools/projects.list"
    allow_private: true
`),
    );
    await provider.service.reload();
    const got = await fetch(`${api.url}/internal/tools/projects.count`, { headers: H });
    expect(got.status).toBe(200);
    const text = await (await fetch(`${api.url}/metrics`, { headers: H })).text();
    expect(text).toMatch(/ovos_tools_invocations_total\{tool="projects.list",toolbox_id="ovos-http-tools",outcome="ok",transport="http"\} 1/);
  });
});
