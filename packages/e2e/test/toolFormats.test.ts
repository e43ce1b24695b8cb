import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkToolDefinitions, TOOL_FORMATS, VendorNameIndex, vendorToolName, type JsonObject, type VendorToolFormat } from '@ovos-tools/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { cliPath as bin } from '../../provider/test/helpers/serve.js';
import { BUNDLED_TOOLS, freePort, listen, RawOvosClient, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

// Every bundled tool, every tool of three real MCP servers mounted by toolbox-mcp (server-everything, server-memory,
// server-filesystem) and config-declared HTTP tools with dotted names, listed by `ovos-tools serve` in every vendor
// format: each definition passes that vendor's rules (core's validators, plus the MCP SDK's Tool schema, Ajv's
// JSON Schema 2020-12 and the openai SDK's strict transform where those exist), and the mapped names work on
// invoke over the bus, HTTP and MCP.
const VENDORS = TOOL_FORMATS.filter((f): f is VendorToolFormat => f !== 'ovos');
const requireHere = createRequire(import.meta.url);
const serverBin = (pkg: string) => path.join(path.dirname(requireHere.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
const everything = path.join(path.dirname(createRequire(path.join(repoRoot, 'packages', 'toolbox-mcp', 'package.json')).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

let extra: PluginRoot;
let work: string;
let configFile: string;
let serve: ServeProcess;
let bus: RawOvosClient;
let httpBase: string;
let target: Awaited<ReturnType<typeof listen>>;
const received: unknown[] = [];

beforeAll(async () => {
  target = await listen((_req, body) => {
    received.push(JSON.parse(body));
    return { type: 'application/json', body: JSON.stringify({ projects: [{ id: 'p1' }] }) };
  });
  extra = makePluginRoot();
  mkdirSync(path.join(extra.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  for (const pkg of ['toolbox-mcp', 'toolbox-http']) {
    symlinkSync(path.join(repoRoot, 'packages', pkg), path.join(extra.dir, 'node_modules', '@ovos-tools', pkg), 'dir');
    extra.recordInstall(`@ovos-tools/${pkg}`);
  }
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-formats-'));
  const files = path.join(work, 'files');
  mkdirSync(files);
  mkdirSync(path.join(work, 'skills', 'summarise'), { recursive: true });
  writeFileSync(path.join(work, 'skills', 'summarise', 'SKILL.md'), '---\nname: summarise-text\ndescription: Summarise a text in one sentence.\n---\n\nSummarise it.\n');
  const httpTool = (id: string) => ({
    id,
    name: id,
    description: `HTTP tool ${id}`,
    input_schema: { type: 'object', properties: { microdao_id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['microdao_id'] },
    output_schema: { type: 'object', properties: { projects: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } },
    executor: 'http',
    target: `${target.base}/${id}`,
    allow_private: true,
  });
  const toolsFile = path.join(work, 'http-tools.json');
  writeFileSync(toolsFile, JSON.stringify({ tools: [httpTool('projects.list'), httpTool('projects:archive')] }));
  configFile = path.join(work, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      import_timeout_ms: 90_000,
      'ovos-filesystem-tools': { root_path: files },
      'ovos-skill-md-toolbox': { extra_skill_md_paths: [path.join(work, 'skills')], search_roots: [], user_skills_dir: path.join(work, 'none') },
      'ovos-http-tools': { file: toolsFile },
      'ovos-mcp-tools': {
        servers: {
          everything: { command: process.execPath, args: [everything, 'stdio'] },
          memory: { command: process.execPath, args: [serverBin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: path.join(work, 'memory.jsonl') } },
          filesystem: { command: process.execPath, args: [serverBin('@modelcontextprotocol/server-filesystem'), files] },
        },
      },
    }),
  );
  const port = await freePort();
  serve = await startServe(['--plugins', repoRoot, '--plugins', extra.dir, '--config', configFile, '--embedded-bus', 'always', '--http', `127.0.0.1:${port}`], {}, { cwd: repoRoot });
  httpBase = `http://127.0.0.1:${port}`;
  bus = await RawOvosClient.connect(serve.url);
}, 150_000);

afterAll(async () => {
  bus?.close();
  await serve?.stop();
  await new Promise((r) => target?.server.close(r));
  extra?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

const nameOf = (t: JsonObject) => String((t.function as JsonObject | undefined)?.name ?? t.name);
const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** The SDKs' and Ajv's own checks, where a vendor publishes one. */
function sdkCheck(format: VendorToolFormat, def: JsonObject): void {
  const fn = def.function as JsonObject | undefined;
  if (format === 'mcp') expect(ToolSchema.safeParse(def).success, JSON.stringify(def)).toBe(true);
  if (format === 'anthropic') expect(() => ajv.compile(def.input_schema as object)).not.toThrow();
  if (format === 'openai' || format === 'openai-strict') expect(() => ajv.compile(fn!.parameters as object)).not.toThrow();
  if (format === 'openai-strict') expect(toStrictJsonSchema(fn!.parameters as object)).toEqual(fn!.parameters);
}

test('the catalog holds the bundled tools, the HTTP tools and the tools of the three MCP servers', async () => {
  const list = await bus.request('ovos.tools.list', { summary: true });
  const tools = list.data.tools as Array<{ name: string; toolbox_id: string }>;
  for (const [toolbox, names] of Object.entries(BUNDLED_TOOLS)) expect(tools.filter((t) => t.toolbox_id === toolbox).map((t) => t.name).sort()).toEqual([...names].sort());
  expect(tools.filter((t) => t.toolbox_id === 'ovos-http-tools').map((t) => t.name)).toEqual(['projects.list', 'projects:archive']);
  for (const server of ['everything', 'memory', 'filesystem']) expect(tools.filter((t) => t.toolbox_id === server).length).toBeGreaterThan(5);
});

describe.each(VENDORS)('format %s', (format) => {
  test('every tool converts (none skipped) and every definition passes the vendor rules', async () => {
    const all = (await bus.request('ovos.tools.list', { summary: true })).data.tools as Array<{ name: string }>;
    const data = (await bus.request('ovos.tools.list', { format }, 30_000)).data;
    expect(data.skipped).toEqual([]);
    const tools = data.tools as JsonObject[];
    const index = new VendorNameIndex(all.map((t) => t.name));
    expect(new Set(tools.map((t) => index.resolve(nameOf(t)) ?? nameOf(t)))).toEqual(new Set(all.map((t) => t.name)));
    expect(checkToolDefinitions(format, tools)).toEqual([]);
    for (const def of tools) sdkCheck(format, def);
    const http = (await (await fetch(`${httpBase}/internal/tools?format=${format}`)).json()) as JsonObject;
    expect(http.tools).toEqual(tools);
  });
});

describe('names a vendor forbids are mapped, and the mapped name works on invoke', () => {
  const dotted = 'projects.list';
  const openaiName = vendorToolName(dotted, 'openai');

  test('OpenAI and Anthropic list the dotted HTTP tools under mapped names; Gemini and MCP take dots', async () => {
    expect(openaiName).toMatch(/^projects_list_[0-9a-f]{8}$/);
    const names = async (format: VendorToolFormat) => ((await bus.request('ovos.tools.list', { format })).data.tools as JsonObject[]).map(nameOf);
    expect(await names('openai')).toEqual(expect.arrayContaining([openaiName, vendorToolName('projects:archive', 'openai')]));
    expect(await names('anthropic')).toContain(openaiName);
    expect(await names('gemini')).toEqual(expect.arrayContaining(['projects.list', 'projects:archive']));
    expect(await names('mcp')).toContain(vendorToolName(dotted, 'mcp'));
  });

  test('over the OVOS bus', async () => {
    const reply = await bus.request('ovos.tools.invoke', { name: openaiName, args: { microdao_id: 'm1' } });
    expect(reply.data).toMatchObject({ name: openaiName, result: { projects: [{ id: 'p1' }] }, toolbox_id: 'ovos-http-tools' });
    const strict = await bus.request('ovos.tools.invoke', { name: openaiName, args: { microdao_id: 'm2', limit: null }, format: 'openai-strict' });
    expect(strict.data).toMatchObject({ result: { projects: [{ id: 'p1' }] } });
    expect(received.at(-1)).toMatchObject({ args: { microdao_id: 'm2' } });
    expect((received.at(-1) as { args: object }).args).not.toHaveProperty('limit');
  });

  test('over HTTP', async () => {
    const res = await fetch(`${httpBase}/internal/tools/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tool_id: openaiName, args: { microdao_id: 'm3' } }) });
    expect(await res.json()).toMatchObject({ ok: true, result: { projects: [{ id: 'p1' }] } });
    const one = (await (await fetch(`${httpBase}/internal/tools/${openaiName}?format=anthropic`)).json()) as JsonObject;
    expect(one).toMatchObject({ format: 'anthropic', id: dotted, tool: { name: openaiName } });
  });

  test('over MCP (ovos-tools mcp, driven by the official MCP client)', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--plugins', repoRoot, '--plugins', extra.dir, '--config', configFile], cwd: repoRoot, stderr: 'pipe' });
    const client = new Client({ name: 'e2e-formats', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain(vendorToolName(dotted, 'mcp'));
      const r = await client.callTool({ name: openaiName, arguments: { microdao_id: 'm4' } });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toEqual({ projects: [{ id: 'p1' }] });
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe('ovos-tools list/get --format', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args, '--bus-url', serve.url], { encoding: 'utf8', timeout: 60_000 });

  test('list --format gemini prints the declarations as JSON, notes on stderr; get --format openai prints one definition', () => {
    const list = cli('list', '--format', 'gemini');
    expect(list.status).toBe(0);
    const tools = JSON.parse(list.stdout) as JsonObject[];
    expect(checkToolDefinitions('gemini', tools)).toEqual([]);
    expect(list.stderr).toMatch(/^note: /m);
    const one = cli('get', 'projects.list', '--format', 'openai');
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ type: 'function', function: { name: vendorToolName('projects.list', 'openai') } });
    expect(one.stderr).toContain('renamed /name');
  });

  test('an unknown format is a usage error naming the accepted ones', () => {
    const bad = cli('list', '--format', 'claude');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`--format: Unknown format "claude": use one of ${TOOL_FORMATS.join(', ')}`);
  });
});
