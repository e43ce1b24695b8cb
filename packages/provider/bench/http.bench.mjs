// HTTP API benchmark: `node bench/http.bench.mjs`. One inline `add` toolbox served by one provider both on the
// embedded messagebus and over HTTP (with an agent credential, so authentication and the authorizer are measured),
// and for each transport: round-trip p50/p99 of sequential calls, and calls per second with 16 concurrent clients.
// OVOS_TOOLS_BENCH_QUICK=1 runs a shorter version.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { hashCredential, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer } from '@ovos-tools/provider/http';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ROUND_TRIPS = quick ? 300 : 2000;
const THROUGHPUT_MS = quick ? 1000 : 3000;
const here = path.dirname(fileURLToPath(import.meta.url));

const base = path.join(here, '..', '.test-plugins');
mkdirSync(base, { recursive: true });
const root = mkdtempSync(path.join(base, 'http-bench-'));
const pkgDir = path.join(root, 'node_modules', 'bench-tools');
mkdirSync(pkgDir, { recursive: true });
writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: Object.fromEntries(['bench-tools'].map((n) => [`node_modules/${n}`, { version: '1.0.0' }])) })); // npm's install record: the provider loads only what npm installed
writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: 'bench-tools', version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { 'bench-tools': './index.js#Tools' } } }));
writeFileSync(
  path.join(pkgDir, 'index.js'),
  `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Tools extends ToolBox {
  static toolboxId = 'bench-tools';
  discoverTools() { return [new AgentTool({ name: 'add', description: 'Add two integers.', tags: ['bench'],
    argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: Type.Object({ result: Type.Integer() }),
    toolCall: ({ a, b }) => ({ result: a + b }) })]; }
}
`,
);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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
async function throughput(clients, once) {
  let done = 0;
  const deadline = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      let i = 0;
      while (performance.now() < deadline) if (await once(k, i++)) done++;
    }),
  );
  return done / (THROUGHPUT_MS / 1000);
}
const connect = async (url) => {
  const c = new MessageBusClient({ url, logger: silentLogger });
  await c.connect();
  return c;
};

const settings = parseProviderConfig({
  isolation: 'inline',
  federation: false,
  agents: { 'agent:bench': { credential: { sha256: hashCredential('bench-token-0123456789', 'sha256') }, tools: ['tag:bench'] } },
});
const bus = new MessageBusServer({ port: 0, logger: silentLogger });
await bus.start();
const providerBus = await connect(bus.url);
const provider = new ToolsProvider({ bus: providerBus, pluginRoots: [root], settings, logger: silentLogger, brain: null });
await provider.start();
const api = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents });

// node:http with a keep-alive agent (one socket per client), as an agent runtime's pooled client would; Node's
// fetch (undici) adds about 1 ms of client-side cost per call on this machine, which is not the server's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const httpCall = (a, b) =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ tool_id: 'add', args: { a, b } });
    const req = http.request(`${api.url}/internal/tools/call`, {
      method: 'POST',
      agent,
      headers: { Authorization: 'Bearer bench-token-0123456789', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(JSON.parse(text).ok === true));
    });
    req.on('error', reject);
    req.end(body);
  });
const client = await connect(bus.url);
const busCall = async (c, a, b) => Boolean((await c.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a, b } }), undefined, 10_000))?.data.result !== undefined);

for (let i = 0; i < 200; i++) await httpCall(1, i), await busCall(client, 1, i); // warm up
const httpRt = await roundTrips(ROUND_TRIPS, (i) => httpCall(1, i));
const busRt = await roundTrips(ROUND_TRIPS, (i) => busCall(client, 1, i));
const http16 = await throughput(16, (k, i) => httpCall(k, i));
const busClients = await Promise.all(Array.from({ length: 16 }, () => connect(bus.url)));
const bus16 = await throughput(16, (k, i) => busCall(busClients[k], k, i));

await Promise.all(busClients.map((c) => c.close()));
await client.close();
agent.destroy();
await api.close();
await provider.close();
await providerBus.close();
await bus.close();
rmSync(root, { recursive: true, force: true });

const rows = [
  ['HTTP POST /internal/tools/call (ms)', `p50 ${httpRt.p50.toFixed(3)}  p99 ${httpRt.p99.toFixed(3)}`],
  ['bus ovos.tools.invoke (ms)', `p50 ${busRt.p50.toFixed(3)}  p99 ${busRt.p99.toFixed(3)}`],
  ['HTTP calls/s, 16 clients', http16.toFixed(0)],
  ['bus invokes/s, 16 clients', bus16.toFixed(0)],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n@ovos-tools/provider HTTP benchmark' + (quick ? ' (quick)' : ''));
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
