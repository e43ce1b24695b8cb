// The measured limits of one provider (`pnpm bench`, issue 31; the figures of docs/scaling.md): one `ovos-tools
// serve --http` on its embedded messagebus, inline toolboxes, and
//   - tools: one toolbox of 100, 1,000 and 5,000 tools: time to serving, RSS, listing them over HTTP, one invoke;
//   - invokes/s over HTTP with 1, 16 and 64 concurrent clients (keep-alive);
//   - memory per client: the JS memory (heap used + external, after two full collections: bench/memoryProbe.cjs)
//     added by 400 idle OVOS bus websocket clients, by 400 idle HTTP keep-alive connections and by 60 MCP-over-HTTP
//     sessions, and the invoke round trip on the bus with those 400 bus clients connected (the bus sends every frame
//     to every client).
// OVOS_TOOLS_BENCH_QUICK=1: smaller counts and shorter runs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import WebSocket from 'ws';
import { freePort, pluginRootWith } from '../fixtures/benchRoot.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', '..', 'provider', 'bin', 'ovos-tools.js');
const TOKEN = 'limits-token-0123456789abcdef';
const sha = (t) => createHash('sha256').update(t).digest('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A toolbox of `n` tools `tool_0` … (`{a}` → `{result: a}`), built in a loop. */
const manyTools = (n) => `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'many-tools';
  discoverTools() {
    return Array.from({ length: ${n} }, (_, i) => new AgentTool({ name: 'tool_' + i, description: 'Tool number ' + i + ': echoes a.',
      argumentSchema: Type.Object({ a: Type.Integer() }), outputSchema: Type.Object({ result: Type.Integer() }), toolCall: ({ a }) => ({ result: a }) }));
  }
}
`;

/** `serve --http` on its own bus with a toolbox of `tools` tools; resolves with its URLs, pid and start time. */
async function startProvider(tools) {
  const root = pluginRootWith('limits-', {
    name: 'many-tools',
    entryPoint: 'many-tools',
    exportName: 'Toolbox',
    source: manyTools(tools),
    config: { isolation: 'inline', federation: false, agents: { 'agent:bench': { credential: { sha256: sha(TOKEN) }, tools: ['*'] } } },
  });
  const httpPort = await freePort();
  const busUrl = `ws://127.0.0.1:${await freePort()}/core`;
  const started = performance.now();
  const probe = path.join(root, 'memory.json');
  const proc = spawn(process.execPath, ['--expose-gc', '--require', path.join(here, 'memoryProbe.cjs'), cli, 'serve', '--bus-url', busUrl, '--embedded-bus', 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--http', `127.0.0.1:${httpPort}`], {
    env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'error', OVOS_TOOLS_MEMORY_PROBE: probe },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 120_000);
    proc.stdout.on('data', () => out.includes('provider serving') && (clearTimeout(t), resolve()));
    proc.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${httpPort}`,
    busUrl,
    startMs: performance.now() - started,
    rssMiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024,
    /** JS memory after two full collections (heap used + external), KiB. */
    liveKiB: async () => {
      rmSync(probe, { force: true });
      proc.kill('SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(probe); i++) await sleep(20);
      await sleep(20);
      const m = JSON.parse(readFileSync(probe, 'utf8'));
      return (m.heapUsed + m.external) / 1024;
    },
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const invoke = (url, agent) =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ tool_id: 'tool_0', args: { a: 1 } });
    const req = http.request(`${url}/internal/tools/call`, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
const pct = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function timed(n, fn) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return xs;
}

/** Calls/s with `clients` concurrent keep-alive clients for `seconds`. */
async function rate(url, clients, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let count = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < until) {
      await invoke(url, agent);
      count++;
    }
  }));
  agent.destroy();
  return count / ((performance.now() - started) / 1000);
}

const rows = [];
const row = (label, value) => rows.push(`  ${label.padEnd(62)} ${value}`);
const load = os.loadavg()[0];

// tools
for (const n of quick ? [100, 1000] : [100, 1000, 5000]) {
  const p = await startProvider(n);
  try {
    const list = await timed(5, async () => {
      const res = await fetch(`${p.url}/internal/tools?summary=true`, { headers });
      const body = await res.json();
      if (body.total !== n) throw new Error(`listed ${body.total} of ${n}`);
    });
    const agent = new http.Agent({ keepAlive: true });
    const calls = await timed(200, () => invoke(p.url, agent));
    agent.destroy();
    row(`${String(n).padStart(5)} tools: start to serving / RSS`, `${p.startMs.toFixed(0)} ms / ${p.rssMiB().toFixed(0)} MiB`);
    row(`${String(n).padStart(5)} tools: GET /internal/tools?summary=true / one invoke p50`, `${pct(list, 0.5).toFixed(1)} ms / ${pct(calls, 0.5).toFixed(2)} ms`);
  } finally {
    await p.stop();
  }
}

// throughput and memory per client, one provider with 100 tools
const p = await startProvider(100);
try {
  for (const clients of [1, 16, 64]) row(`HTTP invokes/s, ${clients} concurrent keep-alive clients`, `${(await rate(p.url, clients, quick ? 1 : 3)).toFixed(0)}`);

  const busN = quick ? 100 : 400;
  const roundTrip = async (ws, count) => {
    const xs = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await new Promise((resolve) => {
        const onMessage = (raw) => {
          const m = JSON.parse(raw.toString());
          if (m.type === 'ovos.tools.invoke.response' && m.context?.bench === i) (ws.off('message', onMessage), resolve());
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ type: 'ovos.tools.invoke', data: { name: 'tool_0', args: { a: i } }, context: { bench: i } }));
      });
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const open = () => new Promise((resolve, reject) => {
    const ws = new WebSocket(p.busUrl);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
  const probe = await open();
  const alone = await roundTrip(probe, 200);
  const bus0 = await p.liveKiB();
  const sockets = [];
  for (let i = 0; i < busN; i++) sockets.push(await open());
  await sleep(500);
  const bus1 = await p.liveKiB();
  const crowded = await roundTrip(probe, 100);
  row(`bus invoke round trip p50, 1 client / with ${busN} idle clients connected`, `${pct(alone, 0.5).toFixed(2)} ms / ${pct(crowded, 0.5).toFixed(2)} ms`);
  row(`memory per idle OVOS bus websocket client (${busN})`, `${((bus1 - bus0) / busN).toFixed(1)} KiB`);
  for (const ws of [...sockets, probe]) ws.terminate();
  await sleep(1000);

  const httpN = quick ? 100 : 400;
  const http0 = await p.liveKiB();
  const agents = Array.from({ length: httpN }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  for (const agent of agents) await invoke(p.url, agent);
  await sleep(500);
  row(`memory per idle HTTP keep-alive connection (${httpN})`, `${(((await p.liveKiB()) - http0) / httpN).toFixed(1)} KiB`);
  for (const agent of agents) agent.destroy();

  const mcpN = quick ? 20 : 60;
  await fetch(`${p.url}/mcp`, { method: 'POST', headers: { ...headers, accept: 'application/json, text/event-stream' }, body: '{}' }); // loads the MCP SDK first
  const mcpClient = async () => {
    const c = new Client({ name: 'limits', version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${p.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    await c.callTool({ name: 'tool_0', arguments: { a: 1 } });
    return c;
  };
  await (await mcpClient()).close();
  const mcp0 = await p.liveKiB();
  const sessions = [];
  let refused = 0;
  for (let i = 0; i < mcpN; i++) sessions.push(await mcpClient().catch(() => (refused++, undefined)));
  await sleep(500);
  const opened = sessions.filter(Boolean).length;
  row(`memory per MCP-over-HTTP session (${opened} open${refused ? `, ${refused} refused: at most 64` : ''})`, `${(((await p.liveKiB()) - mcp0) / Math.max(1, opened)).toFixed(0)} KiB`);
  for (const c of sessions) await c?.close();
} finally {
  await p.stop();
}

console.log(`\nlimits of one provider (${os.cpus().length} cores, load average ${load.toFixed(1)} at the start${quick ? ', quick' : ''}; inline toolboxes)`);
for (const r of rows) console.log(r);
process.exit(0);
