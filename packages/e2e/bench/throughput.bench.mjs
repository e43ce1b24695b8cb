// Throughput benchmark (`pnpm bench`), in one run and with the same trivial `add` tool everywhere:
//  - `ovos-tools serve` (its own process, embedded messagebus), called from this process with MessageBusClient:
//    16 concurrent callers on one connection (the shape of the MCP figure below: one client, 16 requests in
//    flight), and 16 connections with one caller each (every OVOS bus client receives every frame, so this one
//    also pays 16 × the fan-out); once with the toolbox `inline` (like the reference server, which runs its tool
//    on its own thread) and once in the default `worker` host (isolation the reference does not have);
//  - the reference MCP server built directly on the official MCP TypeScript SDK (toolbox-mcp's fixture server),
//    over stdio with the official client, 16 concurrent callers.
//  - the same inline `serve` joined to an external bus (`ovos-messagebus` in its own process), 16 callers on one
//    connection: the path of a provider on a device's existing bus.
// The four 16-caller figures are measured interleaved (ROUNDS rounds, the order rotating each round, all three
// servers up throughout) and reported as medians, so a shared machine's shifting load falls on all of them alike.
// Targets: inline at least 2.5x the MCP SDK's calls/s (issue 18), the default worker isolation at least 4x (issue 30).
// OVOS_TOOLS_BENCH_QUICK=1: shorter.
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
const SECONDS = quick ? 0.5 : 2; // per measurement
const ROUNDS = quick ? 1 : 5;
const CALLERS = 16;

const pluginRoot = (mode) => pluginRootWith(`tput-bench-${mode}-`, { config: { isolation: mode, federation: false } });

/** Runs `callers` loops of `call(i)` for SECONDS; calls per second. */
async function drive(callers, call) {
  let done = 0;
  let next = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, k) => {
      while (performance.now() < deadline) {
        await call(k, next++);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

/** Starts `ovos-messagebus` on a free port in its own process (the external bus); resolves with its URL and `stop`. */
async function startBus() {
  const proc = spawn(process.execPath, [path.join(repo, 'packages', 'messagebus', 'bin', 'ovos-messagebus.js'), '--port', '0'], { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /^(ws:\/\/\S+)$/m.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`ovos-messagebus exited with ${code}`)));
  });
  return { url, stop: () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))) };
}

/** Starts `ovos-tools serve` on its embedded bus, or on `busUrl` (an external bus) when given. */
async function startServe(root, busUrl) {
  const url = busUrl ?? `ws://127.0.0.1:${await freePort()}/core`;
  const proc = spawn(process.execPath, [...(process.env.OVOS_TOOLS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(repo, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', busUrl ? 'never' : 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--log-level', 'error'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (out.includes('serving')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { url, stop: () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))) };
}

async function connect(url) {
  const c = new MessageBusClient({ url, logger: silentLogger });
  await c.connect();
  return c;
}

const invoke = async (client, k, i) => {
  const r = await client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: k, b: i } }), undefined, 10_000);
  if (r?.data.result?.sum !== k + i) throw new Error(`bus: wrong answer ${JSON.stringify(r?.data)}`);
};

/**
 * A running `ovos-tools serve` (on an external `ovos-messagebus` process when `external`) with one connection warmed
 * up: `shared()` drives 16 callers on it, `separate()` 16 connections.
 */
async function busTarget(root, external = false) {
  const bus = external ? await startBus() : undefined;
  const serve = await startServe(root, bus?.url);
  const one = await connect(serve.url);
  for (let i = 0; i < 500; i++) await invoke(one, 0, i); // warm-up
  return {
    shared: () => drive(CALLERS, (k, i) => invoke(one, k, i)),
    async separate() {
      const conns = [one, ...(await Promise.all(Array.from({ length: CALLERS - 1 }, () => connect(serve.url))))];
      const perSecond = await drive(CALLERS, (k, i) => invoke(conns[k], k, i));
      await Promise.all(conns.slice(1).map((c) => c.close()));
      return perSecond;
    },
    async stop() {
      await one.close();
      await serve.stop();
      await bus?.stop();
    },
  };
}

/** The reference MCP server over stdio with the official client, warmed up: `shared()` drives 16 callers. */
async function mcpTarget() {
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repo, 'packages', 'toolbox-mcp', 'test', 'fixtures', 'fixtureServer.mjs')], cwd: repo, stderr: 'ignore' }));
  const call = async (k, i) => {
    const r = await client.callTool({ name: 'add', arguments: { a: k, b: i } });
    if (r.isError || r.structuredContent?.sum !== k + i) throw new Error(`mcp: wrong answer ${JSON.stringify(r)}`);
  };
  for (let i = 0; i < 500; i++) await call(0, i);
  return { shared: () => drive(CALLERS, call), stop: () => client.close() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => n.toFixed(0).padStart(6);

const roots = ['inline', 'worker'].map(pluginRoot);
const targets = {};
try {
  targets.inline = await busTarget(roots[0]);
  targets.worker = await busTarget(roots[1]);
  targets.external = await busTarget(roots[0], true);
  targets.mcp = await mcpTarget();
  const names = ['inline', 'worker', 'external', 'mcp'];
  const rounds = { inline: [], worker: [], external: [], mcp: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      rounds[name].push(await targets[name].shared());
    }
  }
  const separate = { inline: await targets.inline.separate(), worker: await targets.worker.separate() };
  const mcp = median(rounds.mcp);
  console.log(`\nthroughput, tool "add"${quick ? ' (quick)' : ''}: ${CALLERS} concurrent callers, median of ${ROUNDS} interleaved round(s) of ${SECONDS} s`);
  for (const mode of ['inline', 'worker']) {
    const shared = median(rounds[mode]);
    const ratio = shared / mcp;
    const perRound = rounds[mode].map((v, i) => (v / rounds.mcp[i]).toFixed(2)).join(' ');
    const target = mode === 'inline' ? 2.5 : 4; // issue 18 (the provider's own cost); issue 30 (the default isolation)
    console.log(`  ovos-tools serve, embedded bus, ${mode.padEnd(6)} 16 callers on 1 connection  ${fmt(shared)} calls/s  (${ratio.toFixed(2)}x the MCP SDK, per round ${perRound}; target >= ${target}x: ${ratio >= target ? 'met' : 'MISSED'})`);
    console.log(`  ovos-tools serve, embedded bus, ${mode.padEnd(6)} 16 connections x 1 caller  ${fmt(separate[mode])} calls/s  (every client receives every frame; one ${SECONDS} s run)`);
  }
  const external = median(rounds.external);
  console.log(`  ovos-tools serve, external bus, inline 16 callers on 1 connection  ${fmt(external)} calls/s  (${(external / mcp).toFixed(2)}x the MCP SDK; ovos-messagebus in its own process: one more hop)`);
  console.log(`  reference MCP SDK server, stdio, 16 callers                      ${fmt(mcp)} calls/s`);
} finally {
  for (const t of Object.values(targets)) await t.stop();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
}
