// The provider's door, side by side in one run (issue 44's targets), with the same `add` tool everywhere:
//  - `ovos-tools serve` in its own process (embedded messagebus, the DEFAULT isolation: a worker host), called by an
//    external client (MessageBusClient in this process);
//  - the reference MCP server built directly on the official MCP TypeScript SDK (toolbox-mcp's fixture server), over
//    stdio with the official client;
//  - a bare two-hop websocket relay: `ovos-messagebus` in its own process and a trivial responder client in another,
//    so a request goes client → relay → responder → relay → client, the shape of every bus request.
// Latency: sequential calls, p50 and p99, measured interleaved (rounds of 100 of each, the order rotating) so a
// shared machine's shifting load falls on all three alike. Throughput: 16 clients (16 connections, one caller each)
// on serve and on the relay, interleaved rounds, medians.
// Targets (issue 44): serve p50 <= 1.0x the MCP SDK's; serve invokes/s at 16 clients >= 0.85x the relay's.
// OVOS_TOOLS_BENCH_QUICK=1: shorter. OVOS_TOOLS_BENCH_NODE_ARGS: Node flags of serve. OVOS_TOOLS_BENCH_BASELINE=<path to
// another built checkout of this repository>: its `serve` runs beside this one in the same interleaved rounds (a
// before/after comparison that a shared machine's load cannot tilt).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { freePort, pluginRootWith } from '../fixtures/benchRoot.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const LATENCY_ROUNDS = quick ? 5 : 20;
const PER_ROUND = 100;
const TPUT_ROUNDS = quick ? 1 : 3;
const TPUT_SECONDS = quick ? 0.5 : 2;
const CLIENTS = 16;

function spawnUntil(args, pattern, cwd = repo) {
  const proc = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) resolve(m);
    });
    proc.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out}`)));
  });
  return { proc, ready, stop: () => new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM')))) };
}

async function connect(url) {
  const c = new MessageBusClient({ url, logger: silentLogger });
  await c.connect();
  return c;
}

const RESPONDER = `import { MessageBusClient } from '@ovos-tools/messagebus';
const c = new MessageBusClient({ url: process.argv.at(-1) });
await c.connect();
c.on('bench.add', (m) => c.emit(m.response({ name: 'add', result: { sum: m.data.args.a + m.data.args.b } })));
console.log('ready');`;

async function relayTarget() {
  const bus = spawnUntil([path.join(repo, 'packages', 'messagebus', 'bin', 'ovos-messagebus.js'), '--port', '0'], /^(ws:\/\/\S+)$/m);
  const url = (await bus.ready)[1];
  // (run from this package, which depends on @ovos-tools/messagebus)
  const responder = spawnUntil(['--input-type=module', '-e', RESPONDER, url], /ready/, path.resolve(here, '..'));
  await responder.ready.catch(async (err) => {
    await bus.stop();
    throw err;
  });
  return { url, topic: 'bench.add', stop: async () => (await responder.stop(), await bus.stop()) };
}

async function serveTarget(root, checkout = repo) {
  const url = `ws://127.0.0.1:${await freePort()}/core`;
  const args = [path.join(checkout, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--log-level', 'error'];
  const serve = spawnUntil([...(process.env.OVOS_TOOLS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...args], /serving/);
  await serve.ready;
  return { url, topic: 'ovos.tools.invoke', stop: serve.stop };
}

/** One bus call of `add` on `client` (the relay's responder answers the provider's answer shape). */
async function busCall(client, topic, a, b) {
  const r = await client.waitForResponse(new Message(topic, { name: 'add', args: { a, b } }), undefined, 10_000);
  if (r?.data.result?.sum !== a + b) throw new Error(`${topic}: wrong answer ${JSON.stringify(r?.data)}`);
}

async function mcpTarget() {
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repo, 'packages', 'toolbox-mcp', 'test', 'fixtures', 'fixtureServer.mjs')], cwd: repo, stderr: 'ignore' }));
  const call = async (a, b) => {
    const r = await client.callTool({ name: 'add', arguments: { a, b } });
    if (r.isError || r.structuredContent?.sum !== a + b) throw new Error(`mcp: wrong answer ${JSON.stringify(r)}`);
  };
  return { call, stop: () => client.close() };
}

/** `callers` loops of `call(k, i)` for TPUT_SECONDS; calls per second. */
async function drive(callers, call) {
  let done = 0;
  const deadline = performance.now() + TPUT_SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, k) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await call(k, i);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const median = (xs) => pct(xs, 50);
const fmt = (n) => n.toFixed(3);

// default isolation (worker); OVOS_TOOLS_BENCH_CONFIG: provider config keys (JSON) merged over it, for experiments
const root = pluginRootWith('door-bench-', { config: { federation: false, ...JSON.parse(process.env.OVOS_TOOLS_BENCH_CONFIG ?? '{}') } });
const stops = [];
try {
  const relay = await relayTarget();
  stops.push(relay.stop);
  const serve = await serveTarget(root);
  stops.push(serve.stop);
  const baselineRepo = process.env.OVOS_TOOLS_BENCH_BASELINE;
  const baseline = baselineRepo ? await serveTarget(root, path.resolve(baselineRepo)) : undefined;
  if (baseline) stops.push(baseline.stop);
  const baselineClient = baseline ? await connect(baseline.url) : undefined;
  if (baselineClient) stops.push(() => baselineClient.close());
  const mcp = await mcpTarget();
  stops.push(mcp.stop);
  const relayClient = await connect(relay.url);
  const serveClient = await connect(serve.url);
  stops.push(() => relayClient.close(), () => serveClient.close());
  const calls = {
    serve: (i) => busCall(serveClient, serve.topic, 1, i),
    mcp: (i) => mcp.call(1, i),
    relay: (i) => busCall(relayClient, relay.topic, 1, i),
    ...(baseline ? { baseline: (i) => busCall(baselineClient, baseline.topic, 1, i) } : {}),
  };
  for (const call of Object.values(calls)) for (let i = 0; i < 300; i++) await call(i); // warm-up
  const names = Object.keys(calls);
  const lat = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < LATENCY_ROUNDS; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      for (let i = 0; i < PER_ROUND; i++) {
        const t = performance.now();
        await calls[name](i);
        lat[name].push(performance.now() - t);
      }
    }
  }
  // throughput: 16 clients on serve and on the relay, interleaved rounds
  const clients = async (url) => Promise.all(Array.from({ length: CLIENTS }, () => connect(url)));
  const targets = { serve, relay, ...(baseline ? { baseline } : {}) };
  const conns = {};
  for (const [name, target] of Object.entries(targets)) conns[name] = await clients(target.url);
  stops.push(() => Promise.all(Object.values(conns).flat().map((c) => c.close())));
  const tnames = Object.keys(targets);
  const tput = Object.fromEntries(tnames.map((n) => [n, []]));
  for (let r = 0; r < TPUT_ROUNDS; r++) {
    for (let k = 0; k < tnames.length; k++) {
      const name = tnames[(r + k) % tnames.length];
      tput[name].push(await drive(CLIENTS, (c, i) => busCall(conns[name][c], targets[name].topic, c, i)));
    }
  }
  const p50 = Object.fromEntries(names.map((n) => [n, median(lat[n])]));
  const p99 = Object.fromEntries(names.map((n) => [n, pct(lat[n], 99)]));
  const ratio = p50.serve / p50.mcp;
  const tputRatio = median(tput.serve) / median(tput.relay);
  console.log(`\nthe door, tool "add"${quick ? ' (quick)' : ''}: ${LATENCY_ROUNDS} interleaved rounds of ${PER_ROUND} sequential calls; ${TPUT_ROUNDS} round(s) of ${TPUT_SECONDS} s at ${CLIENTS} clients`);
  console.log(`  ovos-tools serve (worker isolation), external bus client  p50 ${fmt(p50.serve)} ms  p99 ${fmt(p99.serve)} ms  (${ratio.toFixed(2)}x the MCP SDK p50; target <= 1.0x: ${ratio <= 1 ? 'met' : 'MISSED'}; ${(p50.serve / p50.relay).toFixed(2)}x the relay)`);
  console.log(`  reference MCP SDK server, stdio                           p50 ${fmt(p50.mcp)} ms  p99 ${fmt(p99.mcp)} ms`);
  console.log(`  bare two-hop relay (ovos-messagebus + a responder)         p50 ${fmt(p50.relay)} ms  p99 ${fmt(p99.relay)} ms`);
  if (baseline) {
    const b = median(tput.baseline) / median(tput.relay);
    console.log(`  baseline serve (${baselineRepo})  p50 ${fmt(p50.baseline)} ms  p99 ${fmt(p99.baseline)} ms  (${(p50.baseline / p50.mcp).toFixed(2)}x the MCP SDK p50); ${CLIENTS} clients: ${median(tput.baseline).toFixed(0)} invokes/s (${b.toFixed(2)} of the relay)`);
  }
  console.log(`  ${CLIENTS} clients: serve ${median(tput.serve).toFixed(0)} invokes/s, relay ${median(tput.relay).toFixed(0)} round trips/s (${tputRatio.toFixed(2)} of the relay; target >= 0.85: ${tputRatio >= 0.85 ? 'met' : 'MISSED'})`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
}
