// Tool search with the search-ranker package OVER THE BUS (issue 42): `ovos-tools serve` in its own process (its
// embedded messagebus), the MetaTool catalog served by real toolbox packages in a temp plugin root (MetaTool's 199
// tools in one package, the bundled toolboxes beside them), @ovos-tools/search-semantic installed there, and a real
// client (MessageBusClient in this process) asking `ovos.tools.search` as an agent does.
// 0. The same catalog without the package: first search, p50/p99, RSS (lexical only).
// 1. Cold: serve started with an empty vector cache; the first search (lexical, it starts the model), the time until
//    the catalog is embedded (the provider's log) and until the first fused answer (searching every 100 ms).
// 2. Latency: 300 MetaTool queries, one after another, p50/p99 of the round trip (client → bus → provider → bus →
//    client), counting the searches answered lexically (the model slower than its wait).
// 3. RSS of the provider's process tree after 995 searches (the model's worker is a thread of it).
// 4. Restart with the cache warm: serve started again on the same cache folder; the same times.
// Targets: p50 <= 30 ms; RSS <= 450 MB; first search <= 50 ms. OVOS_TOOLS_BENCH_QUICK=1: 300 searches for RSS.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { metatoolQueries } from './search/metatool.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const providerDir = path.resolve(here, '..');
const packagesDir = path.resolve(providerDir, '..');
const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ms = (n) => `${n.toFixed(1)} ms`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The MetaTool toolbox package: its 199 tools (name, `&` and the like made `_`, and description; no arguments), each answering `{}`. */
const METATOOL_SOURCE = `import { readFileSync } from 'node:fs';
import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
const { tools } = JSON.parse(readFileSync(new URL('./tools.json', import.meta.url), 'utf8'));
export class Toolbox extends ToolBox {
  static toolboxId = 'metatool';
  discoverTools() {
    return Object.entries(tools).map(([name, description]) => new AgentTool({ name: name.replace(/[^A-Za-z0-9_-]/g, '_'), description, argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) }));
  }
}
`;

/** A plugin root below the provider (so `@ovos-tools/core` resolves) with MetaTool, the bundled toolboxes and the ranker. */
function pluginRoot(withModel = true) {
  mkdirSync(path.join(providerDir, '.test-plugins'), { recursive: true });
  const root = mkdtempSync(path.join(providerDir, '.test-plugins', 'semantic-bus-'));
  const lock = {};
  const link = (name, dir) => {
    const at = path.join(root, 'node_modules', ...name.split('/'));
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(dir, at, 'dir');
    lock[`node_modules/${name}`] = { version: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version };
  };
  const meta = path.join(root, 'node_modules', 'metatool-tools');
  mkdirSync(meta, { recursive: true });
  writeFileSync(path.join(meta, 'package.json'), JSON.stringify({ name: 'metatool-tools', version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { metatool: './index.js#Toolbox' } } }));
  writeFileSync(path.join(meta, 'index.js'), METATOOL_SOURCE);
  writeFileSync(path.join(meta, 'tools.json'), readFileSync(path.join(here, 'data', 'metatool', 'tools.json')));
  lock['node_modules/metatool-tools'] = { version: '1.0.0' };
  for (const dir of readdirSync(packagesDir).filter((d) => d.startsWith('toolbox-') && d !== 'toolbox-mcp')) {
    const pkg = JSON.parse(readFileSync(path.join(packagesDir, dir, 'package.json'), 'utf8'));
    if (pkg.entryPoints?.['opm.agents.toolbox']) link(pkg.name, path.join(packagesDir, dir));
  }
  if (withModel) link('@ovos-tools/search-semantic', path.join(packagesDir, 'search-semantic'));
  writeFileSync(path.join(root, 'package.json'), '{"name":"semantic-bus-bench","private":true}');
  writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: lock }));
  return root;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `ovos-tools serve` on a free port with the plugin root and the cache home; resolves once it serves. */
async function serve(root, cacheHome) {
  const url = `ws://127.0.0.1:${await freePort()}/core`;
  const started = performance.now();
  const proc = spawn(process.execPath, [path.join(providerDir, 'bin', 'ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root, '--log-level', 'info'], {
    env: { ...process.env, XDG_CACHE_HOME: cacheHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  await new Promise((resolve, reject) => {
    const check = () => out.includes('ovos-tools provider serving') && resolve();
    proc.stdout.on('data', check);
    proc.stderr.on('data', check);
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
  });
  const client = new MessageBusClient({ url, logger: silentLogger });
  await client.connect();
  return {
    proc,
    client,
    servedMs: performance.now() - started,
    output: () => out,
    stop: async () => {
      await client.close?.();
      await new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM'))));
    },
  };
}

/** One `ovos.tools.search` round trip: its answer, whether the model ranked it, and its time. */
async function search(client, query) {
  const t = performance.now();
  const reply = await client.waitForResponse(new Message('ovos.tools.search', { query, limit: 5, explain: true }), 'ovos.tools.search.response', 10_000);
  const took = performance.now() - t;
  if (!reply || !Array.isArray(reply.data.tools)) throw new Error(`no answer to the search '${query}': ${JSON.stringify(reply?.data)}`);
  return { tools: reply.data.tools, fused: reply.data.tools[0]?.explain?.rankers !== undefined, ms: took };
}

/**
 * Searches every 100 ms until the model ranks: the first search's time, the ms from `t0` until the provider logs that
 * the catalog is embedded ("searches now rank by meaning too") and until the first fused answer (which also needs the
 * request embedded within the wait: later on an overloaded machine).
 */
async function untilFused(s, t0, timeoutMs = 600_000) {
  const logged = s.output().length;
  let readyMs;
  const first = await search(s.client, 'what is the weather in lisbon');
  for (let r = first; !r.fused; r = await search(s.client, 'what is the weather in lisbon')) {
    readyMs ??= s.output().slice(logged).includes('searches now rank by meaning too') ? performance.now() - t0 : undefined;
    if (performance.now() - t0 > timeoutMs) throw new Error('the model did not rank within the timeout');
    await new Promise((res) => setTimeout(res, 100));
  }
  const fusedMs = performance.now() - t0;
  return { firstMs: first.ms, firstFused: first.fused, readyMs: readyMs ?? fusedMs, fusedMs };
}

/** RSS (MB) of `pid` and its descendants, from /proc. */
function treeRss(pid) {
  let kb = 0;
  const children = new Map();
  for (const d of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  const walk = (p) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return kb / 1024;
}

/** The same without the package: the first search, p50/p99 of 300 searches and the RSS after 995 (lexical only). */
async function withoutModel(rows) {
  const root = pluginRoot(false);
  try {
    const s = await serve(root, tmpdir());
    const first = await search(s.client, 'what is the weather in lisbon');
    const queries = metatoolQueries().map((q) => q.query);
    const times = [];
    for (const q of queries.slice(0, quick ? 300 : queries.length)) times.push((await search(s.client, q)).ms);
    const timed = times.slice(0, 300).sort((a, b) => a - b);
    rows.push(['without the package', `first search ${ms(first.ms)}; p50 ${ms(pct(timed, 50))} p99 ${ms(pct(timed, 99))}; RSS after ${times.length} searches ${treeRss(s.proc.pid).toFixed(0)} MB`]);
    await s.stop();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const root = pluginRoot();
const cacheHome = mkdtempSync(path.join(tmpdir(), 'ovos-bench-bus-vectors-'));
const rows = [];
await withoutModel(rows);
console.error(rows[0].join(': '));
try {
  // 1. cold
  let t0 = performance.now();
  let s = await serve(root, cacheHome);
  const list = await s.client.waitForResponse(new Message('ovos.tools.list', {}), 'ovos.tools.list.response', 10_000);
  const tools = list?.data?.tools?.length ?? 0;
  const cold = await untilFused(s, performance.now());
  console.error(`cold: ${JSON.stringify(cold)}`);
  rows.push(['catalog', `${tools} tools served (MetaTool's 199 + the bundled toolboxes), serve up after ${ms(s.servedMs)}`]);
  rows.push(['cold (empty cache)', `first search ${ms(cold.firstMs)} (${cold.firstFused ? 'fused' : 'lexical'}); the catalog embedded ${(cold.readyMs / 1000).toFixed(2)} s after it, the first fused answer ${(cold.fusedMs / 1000).toFixed(2)} s`]);
  // 2. latency, 3. RSS
  const queries = metatoolQueries().map((q) => q.query);
  const times = [];
  let lexical = 0;
  for (const q of queries.slice(0, 300)) {
    const r = await search(s.client, q);
    times.push(r.ms);
    if (!r.fused) lexical++;
  }
  times.sort((a, b) => a - b);
  rows.push(['search over the bus', `p50 ${ms(pct(times, 50))} p99 ${ms(pct(times, 99))} (300 MetaTool queries; ${lexical} answered lexically)`]);
  const more = quick ? 0 : queries.length - 300;
  for (const q of queries.slice(300, 300 + more)) await search(s.client, q);
  rows.push([`RSS after ${300 + more} searches`, `${treeRss(s.proc.pid).toFixed(0)} MB (the provider's process tree)`]);
  console.error(s.output().split("\n").filter((l) => /search|WARN|ERROR|metatool/.test(l)).join("\n"));
  await s.stop();
  // 4. restart, cache warm
  t0 = performance.now();
  s = await serve(root, cacheHome);
  const warm = await untilFused(s, performance.now());
  rows.push(['restart, cache warm', `first search ${ms(warm.firstMs)} (${warm.firstFused ? 'fused' : 'lexical'}); the model ready ${(warm.readyMs / 1000).toFixed(2)} s after it, the first fused answer ${(warm.fusedMs / 1000).toFixed(2)} s`]);
  console.error(s.output().split("\n").filter((l) => /search|WARN|ERROR|metatool/.test(l)).join("\n"));
  await s.stop();
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(cacheHome, { recursive: true, force: true });
}
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n@ovos-tools/provider search over the OVOS messagebus with @ovos-tools/search-semantic');
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
