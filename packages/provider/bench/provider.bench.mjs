// Provider benchmark: `pnpm bench` (run with --expose-gc for the memory figures). Toolboxes run inline here, so the
// figures are the provider's own cost, except one row with the toolbox in its worker (the default isolation);
// `isolation.bench.mjs` compares the isolation modes.
// Prints invoke round-trip p50/p99 over the embedded messagebus — the provider attached to the server
// in-process, as `ovos-tools serve` runs it — next to the bare relay (a one-hop echo, and a two-hop
// request/response to a trivial websocket responder: the shape every invoke has), the same invoke with the toolbox
// in a worker (a second server with its own provider, measured in the same interleaved rounds), the same invoke with the
// provider on a websocket client instead (an external bus), invokes per second with 1 and 16 concurrent
// clients, reload time with 50 installed toolbox packages, and heap after 1 vs 100 reloads.
// OVOS_TOOLS_BENCH_QUICK=1 runs a shorter version.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const ROUND_TRIPS = quick ? 300 : 3000;
const THROUGHPUT_MS = quick ? 1000 : 4000;
const PACKAGES = 50;
const RELOADS = quick ? 20 : 100;

function makeRoot(packages) {
  const base = path.join(here, '..', '.test-plugins');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'bench-'));
  for (let i = 0; i < packages; i++) {
    const id = `bench-tools-${i}`;
    const pkgDir = path.join(dir, 'node_modules', id);
    mkdirSync(pkgDir, { recursive: true });
    writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: id, version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { [id]: './index.js#Tools' } } }));
    writeFileSync(
      path.join(pkgDir, 'index.js'),
      `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Tools extends ToolBox {
  static toolboxId = ${JSON.stringify(id)};
  discoverTools() { return [new AgentTool({ name: ${JSON.stringify(i === 0 ? 'add' : `add_${i}`)}, description: 'Add two integers.',
    argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: Type.Object({ result: Type.Integer() }),
    toolCall: ({ a, b }) => ({ result: a + b }) })]; }
}
`,
    );
  }
  writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: Object.fromEntries(Array.from({ length: packages }, (_, i) => `bench-tools-${i}`).map((n) => [`node_modules/${n}`, { version: '1.0.0' }])) })); // npm's install record: the provider loads only what npm installed
  return dir;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(3);

async function roundTrips(n, once) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await once(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

/** Round trips of each of `onces`, interleaved in rounds of 50 (rotating order); p50/p99 per function. */
async function interleaved(n, onces) {
  const times = onces.map(() => []);
  for (let round = 0; round * 50 < n; round++) {
    for (let k = 0; k < onces.length; k++) {
      const j = (round + k) % onces.length;
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now();
        await onces[j](i);
        times[j].push(performance.now() - t0);
      }
    }
  }
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return { p50: pct(t, 50), p99: pct(t, 99) };
  });
}

async function connect(url) {
  const c = new MessageBusClient({ url, logger: silentLogger });
  await c.connect();
  return c;
}

async function throughput(url, clients) {
  const conns = await Promise.all(Array.from({ length: clients }, () => connect(url)));
  let done = 0;
  const deadline = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    conns.map(async (c, k) => {
      let i = 0;
      while (performance.now() < deadline) {
        const r = await c.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: k, b: i++ } }), undefined, 10_000);
        if (r?.data.result) done++;
      }
    }),
  );
  await Promise.all(conns.map((c) => c.close()));
  return done / (THROUGHPUT_MS / 1000);
}

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const root = makeRoot(PACKAGES);
const server = new MessageBusServer({ port: 0, logger: silentLogger });
await server.start();
// the embedded-bus hot path: no websocket between the provider and its own server
const providerBus = server.attach();
const provider = new ToolsProvider({ bus: providerBus, pluginRoots: [root], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: silentLogger, brain: null });
const t0 = performance.now();
await provider.start();
const firstLoad = performance.now() - t0;

const client = await connect(server.url);
for (let i = 0; i < 200; i++) await client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }));
// the default isolation: the same `add` toolbox in a worker, behind its own embedded server (two providers on one bus
// would both answer), with the same fan-out (a client and a responder)
const workerRoot = makeRoot(1);
const workerServer = new MessageBusServer({ port: 0, logger: silentLogger });
await workerServer.start();
const workerBus = workerServer.attach();
const workerProvider = new ToolsProvider({ bus: workerBus, pluginRoots: [workerRoot], settings: parseProviderConfig({ isolation: 'worker', federation: false }), logger: silentLogger, brain: null });
await workerProvider.start();
const workerClient = await connect(workerServer.url);
const workerResponder = await connect(workerServer.url);
for (let i = 0; i < 200; i++) await workerClient.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }));
// One hop (the client's own frame echoed back by the relay), two hops (client → relay → a trivial responder →
// relay → client, the shape of every request/response) and the invoke, measured interleaved: rounds of 50 of each,
// the order rotating, so a shared machine's shifting load falls on all three alike. The responder stays connected
// throughout, so every round trip fans out to the same connections.
const responder = await connect(server.url);
responder.on('bench.ping', (m) => responder.emit(m.response({ pong: true })));
const [echo, relay, invoke, workerInvoke] = await interleaved(ROUND_TRIPS, [
  async (i) => {
    const echoed = client.waitForMessage('bench.echo', 5000);
    client.emit(new Message('bench.echo', { i }));
    await echoed;
  },
  (i) => client.waitForResponse(new Message('bench.ping', { i }), undefined, 5000),
  (i) => client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 5000),
  (i) => workerClient.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 5000),
]);
await workerResponder.close();
await workerClient.close();
await workerProvider.close();
await workerBus.close();
await workerServer.close();
rmSync(workerRoot, { recursive: true, force: true });
const tput1 = await throughput(server.url, 1);
const tput16 = await throughput(server.url, 16);

// for comparison: the same provider on a websocket client of the same server (how it joins an external bus)
const wsProviderServer = new MessageBusServer({ port: 0, logger: silentLogger });
await wsProviderServer.start();
const wsProviderBus = await connect(wsProviderServer.url);
const wsProvider = new ToolsProvider({ bus: wsProviderBus, pluginRoots: [root], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: silentLogger, brain: null });
await wsProvider.start();
const wsClient = await connect(wsProviderServer.url);
const wsResponder = await connect(wsProviderServer.url); // same fan-out as above
for (let i = 0; i < 200; i++) await wsClient.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }));
const wsInvoke = await roundTrips(ROUND_TRIPS, (i) => wsClient.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 5000));
const wsTput16 = await throughput(wsProviderServer.url, 16);
await wsResponder.close();
await wsClient.close();
await wsProvider.close();
await wsProviderBus.close();
await wsProviderServer.close();
await responder.close();
await client.close();

const reloadTimes = [];
for (let i = 0; i < 10; i++) {
  const s = performance.now();
  await provider.reload();
  reloadTimes.push(performance.now() - s);
}
reloadTimes.sort((a, b) => a - b);
const heapAfter1 = heap();
for (let i = 0; i < RELOADS; i++) await provider.reload();
await new Promise((r) => setTimeout(r, 100));
const heapAfterN = heap();

await provider.close();
await providerBus.close();
await server.close();
rmSync(root, { recursive: true, force: true });

const rows = [
  ['bare relay echo, 1 hop (ms)', `p50 ${fmt(echo.p50)}  p99 ${fmt(echo.p99)}`],
  ['bare relay round trip, 2 hops (ms)', `p50 ${fmt(relay.p50)}  p99 ${fmt(relay.p99)}  (a trivial responder client)`],
  ['invoke round trip, embedded bus (ms)', `p50 ${fmt(invoke.p50)}  p99 ${fmt(invoke.p99)}  (${(invoke.p50 / relay.p50).toFixed(2)}x the bare round trip p50; target <= 1.1x)`],
  ['invoke round trip, embedded bus, worker (ms)', `p50 ${fmt(workerInvoke.p50)}  p99 ${fmt(workerInvoke.p99)}  (${(workerInvoke.p50 / relay.p50).toFixed(2)}x the bare round trip p50; the default isolation; target <= 1.2x)`],
  ['invokes/s, embedded bus, 1 client', tput1.toFixed(0)],
  ['invokes/s, embedded bus, 16 clients', tput16.toFixed(0)],
  ['invoke round trip, provider on a ws client (ms)', `p50 ${fmt(wsInvoke.p50)}  p99 ${fmt(wsInvoke.p99)}  (${(wsInvoke.p50 / relay.p50).toFixed(2)}x; the external-bus path)`],
  ['invokes/s, provider on a ws client, 16 clients', wsTput16.toFixed(0)],
  [`first load, ${PACKAGES} packages (ms)`, firstLoad.toFixed(1)],
  [`reload, ${PACKAGES} packages (ms)`, `median ${reloadTimes[5].toFixed(1)}  max ${reloadTimes.at(-1).toFixed(1)}  (target < 300)`],
  [`heap after 1 / ${RELOADS} reloads (MiB)`, globalThis.gc ? `${heapAfter1.toFixed(1)} / ${heapAfterN.toFixed(1)}  (growth ${(heapAfterN - heapAfter1).toFixed(1)} MiB)` : 'run with --expose-gc'],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n@ovos-tools/provider benchmark' + (quick ? ' (quick)' : ''));
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
console.log(
  `  targets: embedded invoke p50 <= 1.1x relay: ${invoke.p50 <= 1.1 * relay.p50 ? 'met' : 'MISSED'}; worker (default isolation) <= 1.2x relay: ${workerInvoke.p50 <= 1.2 * relay.p50 ? 'met' : 'MISSED'}; reload < 300 ms: ${reloadTimes[5] < 300 ? 'met' : 'MISSED'}`,
);
