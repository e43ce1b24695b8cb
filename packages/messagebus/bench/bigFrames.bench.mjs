#!/usr/bin/env node
// How long one big frame holds the bus's thread (issue 45). A client in its own process sends FRAMES frames just under
// the 8 MiB limit back to back while another reads everything; the server has an in-process client handling
// `ovos.tools.invoke` (the provider's topic). Measured on the server's main thread, in CPU time (Linux
// /proc/<pid>/task/<pid>/schedstat, so a loaded machine does not inflate it as it does wall time): the longest single
// socket read event, `setImmediate` callback (write flushes, dispatch) and socket write, and the thread's CPU per
// frame. Rows: the MessageBusServer (frames taken in piece by piece), and for comparison a bare `ws` server relaying
// each message to every client (`ws` gathers, copies and unmasks the whole frame in one go). Kinds: `envelope` (an
// OVOS message of a type nobody handles) and `invoke` (an `ovos.tools.invoke` of a million numbers, which the
// in-process client reads off the thread and refuses). The per-client byte budget is off here, to get more frames.
// Env: OVOS_TOOLS_BENCH_QUICK=1 for fewer frames. Not on Linux: prints that it cannot measure and exits 0.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';

const LIMIT = 8 * 1024 * 1024 - 4096;

/** The flooder, run as `bigFrames.bench.mjs flood <url> <kind> <frames>`: sends its frames back to back, reads everything. */
async function flood(url, kind, count) {
  const parts = [];
  for (let i = 0, len = 0; len < LIMIT - 200; i++) parts.push(String(1_000_000 + i)), (len += 8);
  const list = `[${parts.join(',')}]`;
  const frame = kind === 'invoke' ? `{"type":"ovos.tools.invoke","data":{"name":"x","args":{"n":${list}}},"context":{}}` : `{"type":"bench.flood","data":{"n":${list}},"context":{}}`;
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  ws.on('message', () => undefined);
  await new Promise((r) => ws.once('open', r));
  for (let i = 0; i < count; i++) await new Promise((r) => ws.send(frame, r));
  await new Promise((r) => setTimeout(r, 1500));
  ws.terminate();
}

/** The other client, run as `bigFrames.bench.mjs read <url>`: reads everything until killed. */
async function read(url) {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  ws.on('message', () => undefined);
  ws.on('error', () => process.exit(0));
  ws.on('close', () => process.exit(0));
  await new Promise((r) => ws.once('open', r));
  process.stdout.write('open\n');
}

if (process.argv[2] === 'flood') {
  await flood(process.argv[3], process.argv[4], Number(process.argv[5]));
  process.exit(0);
}
if (process.argv[2] === 'read') await read(process.argv[3]);
else await main();

async function main() {
  const statFile = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  if (!existsSync(statFile)) {
    console.log('bigFrames bench: needs Linux /proc schedstat to measure the main thread; skipped');
    process.exit(0);
  }
  const threadMs = () => Number(readFileSync(statFile, 'utf8').split(' ')[0]) / 1e6;
  const FRAMES = process.env.OVOS_TOOLS_BENCH_QUICK === '1' ? 3 : 6;

  /** Longest main-thread stretch (CPU ms) per kind of work, while `measuring`. */
  let longest = { read: 0, immediate: 0, write: 0 };
  const timed = (kind, fn) => {
    const t0 = threadMs();
    try {
      return fn();
    } finally {
      longest[kind] = Math.max(longest[kind], threadMs() - t0);
    }
  };
  const emit = net.Socket.prototype.emit;
  net.Socket.prototype.emit = function (event, ...args) {
    return event === 'data' ? timed('read', () => emit.call(this, event, ...args)) : emit.call(this, event, ...args);
  };
  for (const method of ['_writev', '_write']) {
    const original = net.Socket.prototype[method];
    net.Socket.prototype[method] = function (...args) {
      return timed('write', () => original.apply(this, args));
    };
  }
  const setImmediateOriginal = globalThis.setImmediate;
  globalThis.setImmediate = (fn, ...args) => setImmediateOriginal(() => timed('immediate', () => fn(...args)));

  /** A bare `ws` server relaying every message to every client, as `ws` alone would. */
  async function bareWs() {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 8 * 1024 * 1024 });
    wss.on('connection', (ws) => ws.on('message', (data, isBinary) => wss.clients.forEach((c) => c.send(data, { binary: isBinary }))));
    await new Promise((r) => wss.once('listening', r));
    return { url: `ws://127.0.0.1:${wss.address().port}/`, close: () => new Promise((r) => wss.close(() => r())) };
  }

  /** The MessageBusServer with an in-process client that handles the provider's topic. */
  async function busServer() {
    const { MessageBusServer } = await import('@ovos-tools/messagebus');
    const server = new MessageBusServer({ port: 0, clientBytesPerSecond: 0 });
    await server.start();
    const bus = server.attach();
    bus.on('ovos.tools.invoke', () => undefined);
    bus.onMalformed(() => undefined);
    return { url: server.url, close: () => server.close() };
  }

  async function run(label, start, kind) {
    const server = await start();
    const reader = spawn(process.execPath, [fileURLToPath(import.meta.url), 'read', server.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((r) => reader.stdout.once('data', r));
    longest = { read: 0, immediate: 0, write: 0 };
    const cpu0 = threadMs();
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'flood', server.url, kind, String(FRAMES)], { stdio: 'inherit' });
    await new Promise((r) => child.once('exit', r));
    const perFrame = (threadMs() - cpu0) / FRAMES;
    const l = longest;
    console.log(
      `  ${label.padEnd(16)} ${kind.padEnd(8)} longest main-thread stretch: read ${l.read.toFixed(1)} ms, immediate ${l.immediate.toFixed(1)} ms, write ${l.write.toFixed(1)} ms | main thread ${perFrame.toFixed(0)} ms CPU per frame`,
    );
    reader.kill();
    await server.close();
  }

  console.log(`big frames (issue 45): ${FRAMES} frames of 8 MiB per row, CPU time of the server's main thread; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
  await run('bare ws relay', bareWs, 'envelope');
  for (const kind of ['envelope', 'invoke']) await run('MessageBusServer', busServer, kind);
  console.log(`  load average after: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}
