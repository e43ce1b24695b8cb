// Isolation benchmark (`pnpm bench`): invoke round trip p50/p99 over a real messagebus (and p50 at the tool service,
// without the bus) for each isolation mode
// (inline, worker, process) with one trivial `add` toolbox, the RSS of the provider process tree at idle per mode,
// and RSS growth over 100 reloads of a package whose code changes each time (worker mode: each reload gets a fresh
// worker and the old one is terminated, so its module code is freed). OVOS_TOOLS_BENCH_QUICK=1 runs a shorter version.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const ROUND_TRIPS = quick ? 300 : 3000;
const RELOADS = quick ? 20 : 100;

function makeRoot() {
  const base = path.join(here, '..', '.test-plugins');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'iso-bench-'));
  const pkgDir = path.join(dir, 'node_modules', 'bench-tools');
  mkdirSync(pkgDir, { recursive: true });
  writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: Object.fromEntries(['bench-tools'].map((n) => [`node_modules/${n}`, { version: '1.0.0' }])) })); // npm's install record: the provider loads only what npm installed
  writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: 'bench-tools', version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { bench: './index.js#Tools' } } }));
  const write = (version) =>
    writeFileSync(
      path.join(pkgDir, 'index.js'),
      `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
const PAYLOAD = ${JSON.stringify('x'.repeat(200_000))} + ${JSON.stringify(String(version))};
export class Tools extends ToolBox {
  static toolboxId = 'bench';
  discoverTools() { return [new AgentTool({ name: 'add', description: 'Add two integers (version ${version}).',
    argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: Type.Object({ result: Type.Integer() }),
    toolCall: ({ a, b }) => ({ result: a + b + PAYLOAD.length * 0 }) })]; }
}
`,
    );
  write(0);
  return { dir, write };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(3);

/** RSS of this process and its child processes, MiB (workers are counted in the process's own RSS). */
function treeRss() {
  let kb = 0;
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    kb = out.split('\n').filter(Boolean).reduce((s, l) => s + Number(l.trim()), 0);
  } catch {
    // no children
  }
  return process.memoryUsage().rss / 1024 / 1024 + kb / 1024;
}

async function connect(url) {
  const c = new MessageBusClient({ url, logger: silentLogger });
  await c.connect();
  return c;
}

async function measure(mode, root, server) {
  const providerBus = await connect(server.url);
  const provider = new ToolsProvider({ bus: providerBus, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: mode, federation: false }), logger: silentLogger, logLevel: 'silent', brain: null });
  const report = await provider.start();
  if (!report.loaded.length) throw new Error(`${mode}: ${JSON.stringify(report.problems)}`);
  const client = await connect(server.url);
  const ask = (i) => client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 5000);
  for (let i = 0; i < 300; i++) await ask(i);
  const times = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t0 = performance.now();
    const r = await ask(i);
    if (!r?.data.result) throw new Error(`${mode}: ${JSON.stringify(r?.data)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // the same call at the service, without the bus: the host's own cost
  const direct = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t0 = performance.now();
    const r = await provider.service.invoke({ name: 'add', args: { a: 1, b: i } });
    if (!r.ok) throw new Error(`${mode}: ${JSON.stringify(r)}`);
    direct.push(performance.now() - t0);
  }
  direct.sort((a, b) => a - b);
  await new Promise((r) => setTimeout(r, 200));
  const idle = treeRss();
  let growth;
  if (mode === 'worker') {
    const before = treeRss();
    for (let i = 1; i <= RELOADS; i++) {
      root.write(i);
      await provider.reload();
      await ask(i);
    }
    root.write(0);
    await new Promise((r) => setTimeout(r, 500));
    globalThis.gc?.();
    growth = treeRss() - before;
  }
  await client.close();
  await provider.close();
  await providerBus.close();
  return { mode, p50: pct(times, 50), p99: pct(times, 99), serviceP50: pct(direct, 50), idle, growth };
}

const root = makeRoot();
const server = new MessageBusServer({ port: 0, logger: silentLogger });
await server.start();
const results = [];
for (const mode of ['inline', 'worker', 'process']) results.push(await measure(mode, root, server));
await server.close();
rmSync(root.dir, { recursive: true, force: true });

const inline = results.find((r) => r.mode === 'inline');
const worker = results.find((r) => r.mode === 'worker');
console.log('\n@ovos-tools/provider isolation benchmark' + (quick ? ' (quick)' : ''));
for (const r of results) {
  console.log(`  ${r.mode.padEnd(8)} invoke over the bus (ms): p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}   at the service: p50 ${fmt(r.serviceP50)}   provider tree RSS at idle: ${r.idle.toFixed(0)} MiB`);
}
const addedUs = (worker.p50 - inline.p50) * 1000;
console.log(`  worker adds ${addedUs.toFixed(0)} µs p50 over inline (target <= 30 µs): ${addedUs <= 30 ? 'met' : 'MISSED'}`);
console.log(`  RSS growth over ${RELOADS} reloads of a changing package, worker mode: ${worker.growth.toFixed(1)} MiB (target < 20 MiB): ${worker.growth < 20 ? 'met' : 'MISSED'}`);
