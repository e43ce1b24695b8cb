// Isolation benchmark (`pnpm bench`): invoke round trip p50/p99 over a real messagebus (and p50 at the tool service,
// without the bus) for each isolation mode, measured interleaved (rounds of 50 calls per mode, rotating),
// (inline, worker, process) with one trivial `add` toolbox, the RSS of the provider process tree at idle per mode,
// and RSS growth over 100 reloads of a package whose code changes each time (worker mode: each reload gets a fresh
// worker and the old one is terminated, so its module code is freed). OVOS_TOOLS_BENCH_QUICK=1 runs a shorter version.
import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
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

/** A provider in `mode` on its own server (the provider on a websocket client, as on an external bus) and a client. */
async function setUp(mode, root) {
  const server = new MessageBusServer({ port: 0, logger: silentLogger });
  await server.start();
  const providerBus = await connect(server.url);
  const provider = new ToolsProvider({ bus: providerBus, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: mode, federation: false }), logger: silentLogger, logLevel: 'silent', brain: null });
  const report = await provider.start();
  if (!report.loaded.length) throw new Error(`${mode}: ${JSON.stringify(report.problems)}`);
  const client = await connect(server.url);
  const ask = async (i) => {
    const r = await client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 5000);
    if (!r?.data.result) throw new Error(`${mode}: ${JSON.stringify(r?.data)}`);
  };
  const direct = async (i) => {
    const r = await provider.service.invoke({ name: 'add', args: { a: 1, b: i } });
    if (!r.ok) throw new Error(`${mode}: ${JSON.stringify(r)}`);
  };
  const tearDown = async () => {
    await client.close();
    await provider.close();
    await providerBus.close();
    await server.close();
  };
  return { mode, provider, ask, direct, tearDown, bus: [], service: [] };
}

/**
 * Round trips of every mode, interleaved: rounds of ROUND calls per mode, the order rotating each round, so that
 * every mode sees the same machine (a shared machine's load shifts over seconds; one mode after the other would
 * measure the load as much as the mode).
 */
async function interleaved(setups, key, once) {
  const ROUND = 50;
  for (let round = 0; round * ROUND < ROUND_TRIPS; round++) {
    for (let k = 0; k < setups.length; k++) {
      const s = setups[(round + k) % setups.length];
      for (let i = 0; i < ROUND; i++) {
        const t0 = performance.now();
        await once(s)(i);
        s[key].push(performance.now() - t0);
      }
    }
  }
  for (const s of setups) s[key].sort((a, b) => a - b);
}

/** Tree RSS of a provider in `mode` alone, at idle (MiB). */
async function idleRss(mode, root) {
  const s = await setUp(mode, root);
  for (let i = 0; i < 100; i++) await s.ask(i);
  await new Promise((r) => setTimeout(r, 300));
  globalThis.gc?.();
  const rss = treeRss();
  await s.tearDown();
  return rss;
}

/** RSS growth over RELOADS reloads of a package whose code changes each time (worker mode), MiB. */
async function reloadGrowth(root) {
  const s = await setUp('worker', root);
  await s.ask(0);
  const before = treeRss();
  for (let i = 1; i <= RELOADS; i++) {
    root.write(i);
    await s.provider.reload();
    await s.ask(i);
  }
  root.write(0);
  await new Promise((r) => setTimeout(r, 500));
  globalThis.gc?.();
  const growth = treeRss() - before;
  await s.tearDown();
  return growth;
}

/**
 * The platform's floor for a thread hop: a bare worker that answers each posted call message with a result
 * message (no provider, no toolbox, no validation) — what any worker-based host pays on this machine.
 */
async function bareWorker() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (m) => parentPort.postMessage({ t: 'result', id: m.id, outcome: { ok: true, result: { result: m.args.a + m.args.b } } }));`,
    { eval: true },
  );
  const waiting = new Map();
  worker.on('message', (m) => waiting.get(m.id)?.(m));
  let id = 0;
  const direct = () => () =>
    new Promise((resolve) => {
      const n = ++id;
      waiting.set(n, (m) => (waiting.delete(n), resolve(m)));
      worker.postMessage({ t: 'call', id: n, name: 'add', args: { a: 1, b: 2 }, context: {} });
    });
  return { mode: 'bare worker', direct: direct(), service: [], tearDown: () => worker.terminate() };
}

const root = makeRoot();
const setups = [];
for (const mode of ['inline', 'worker', 'process']) setups.push(await setUp(mode, root));
for (const s of setups) for (let i = 0; i < 300; i++) await s.ask(i); // warm-up
await interleaved(setups, 'bus', (s) => s.ask);
const bare = await bareWorker();
for (let i = 0; i < 300; i++) await bare.direct(i);
await interleaved([...setups, bare], 'service', (s) => s.direct);
for (const s of setups) await s.tearDown();
await bare.tearDown();
const results = [];
for (const s of setups) results.push({ mode: s.mode, p50: pct(s.bus, 50), p99: pct(s.bus, 99), serviceP50: pct(s.service, 50), idle: await idleRss(s.mode, root) });
results.find((r) => r.mode === 'worker').growth = await reloadGrowth(root);
rmSync(root.dir, { recursive: true, force: true });

const inline = results.find((r) => r.mode === 'inline');
const worker = results.find((r) => r.mode === 'worker');
console.log('\n@ovos-tools/provider isolation benchmark' + (quick ? ' (quick)' : ''));
for (const r of results) {
  console.log(`  ${r.mode.padEnd(8)} invoke over the bus (ms): p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}   at the service: p50 ${fmt(r.serviceP50)}   provider tree RSS at idle: ${r.idle.toFixed(0)} MiB`);
}
const addedUs = (worker.p50 - inline.p50) * 1000;
const floorUs = pct(bare.service, 50) * 1000;
console.log(`  bare worker round trip (postMessage there and back, nothing else), interleaved with the service figures: p50 ${floorUs.toFixed(0)} µs`);
console.log(`  worker adds ${addedUs.toFixed(0)} µs p50 over inline over the bus (target <= 30 µs): ${addedUs <= 30 ? 'met' : 'MISSED'}; at the service ${((worker.serviceP50 - inline.serviceP50) * 1000).toFixed(0)} µs, of which the bare thread round trip is ${floorUs.toFixed(0)} µs`);
console.log(`  RSS growth over ${RELOADS} reloads of a changing package, worker mode: ${worker.growth.toFixed(1)} MiB (target < 20 MiB): ${worker.growth < 20 ? 'met' : 'MISSED'}`);
