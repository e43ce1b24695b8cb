#!/usr/bin/env node
// Round-trip latency (p50/p99) and messages/second through the embedded MessageBusServer, next to a bare `ws`
// echo server, in the same process and run. Both servers get the same raw `ws` client and the same OVOS-sized
// frame; a third row measures the full MessageBusClient path (emit → relay → handler) through the relay.
// Env: OVOS_TOOLS_BENCH_QUICK=1 for a short run; OVOS_TOOLS_BENCH_STRICT=1 to exit 1 when relay p50 > 1.5x echo p50.
import { Message } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import WebSocket, { WebSocketServer } from 'ws';

const QUICK = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 3;
const PINGS = QUICK ? 300 : 5000; // sequential round trips per round
const BURST = QUICK ? 2000 : 30000; // messages per throughput round
const WINDOW = 64; // messages in flight during the throughput run
const FRAME = new Message(
  'ovos.persona.tools.ovos-math-tools.call',
  { name: 'add', kwargs: { a: 3, b: 4 } },
  { source: 'bench', destination: 'provider', session: { session_id: 'default' }, request_id: '0'.repeat(36) },
).serialize();

const now = () => process.hrtime.bigint();

/** Starts a bare ws server that echoes each frame to its sender only. */
async function startEcho() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  wss.on('connection', (ws) => ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary })));
  await new Promise((r) => wss.once('listening', r));
  return { url: `ws://127.0.0.1:${wss.address().port}/`, close: () => new Promise((r) => wss.close(() => r())) };
}

/** Connects a raw client; for the relay, waits for (and drops) the greeting. */
async function connect(url, greeted) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  let pending = null;
  let greeting = null;
  const gotGreeting = new Promise((r) => (greeting = r));
  ws.on('message', () => (pending ? pending() : greeting()));
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  if (greeted) await gotGreeting; // may arrive in the same packet as the handshake
  return {
    ws,
    onFrame: (fn) => (pending = fn),
  };
}

/** Sequential round trips; returns latencies in microseconds. */
async function latency(client, n) {
  const samples = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await new Promise((r) => {
      client.onFrame(r);
      client.ws.send(FRAME);
    });
    samples[i] = Number(now() - t0) / 1000;
  }
  return samples;
}

/** Pipelined burst with a bounded window; returns messages per second received. */
async function throughput(client, n) {
  let sent = 0;
  let received = 0;
  const t0 = now();
  await new Promise((done) => {
    client.onFrame(() => {
      received++;
      if (received === n) return done();
      if (sent < n) (sent++, client.ws.send(FRAME));
    });
    for (; sent < Math.min(WINDOW, n); sent++) client.ws.send(FRAME);
  });
  return n / (Number(now() - t0) / 1e9);
}

/** The same two measurements through MessageBusClient (emit, server echo, typed handler). */
async function busClientRun(url, pings, burst) {
  const bus = new MessageBusClient({ url });
  bus.connect();
  await bus.ready;
  const msg = Message.deserialize(FRAME);
  let next = null;
  bus.on(msg.type, () => next?.());
  const samples = [];
  for (let i = 0; i < pings; i++) {
    const t0 = now();
    await new Promise((r) => ((next = r), bus.emit(msg)));
    samples.push(Number(now() - t0) / 1000);
  }
  let sent = 0;
  let received = 0;
  const t0 = now();
  await new Promise((done) => {
    next = () => {
      received++;
      if (received === burst) return done();
      if (sent < burst) (sent++, bus.emit(msg));
    };
    for (; sent < Math.min(WINDOW, burst); sent++) bus.emit(msg);
  });
  const rate = burst / (Number(now() - t0) / 1e9);
  await bus.close();
  return { samples, rate };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const started = Date.now();
  const echo = await startEcho();
  const relay = new MessageBusServer({ host: '127.0.0.1', port: 0 });
  await relay.start();
  const echoClient = await connect(echo.url, false);
  const relayClient = await connect(relay.url, true);

  // warm up JIT and sockets on both paths
  await latency(echoClient, 200);
  await latency(relayClient, 200);

  const rows = {
    'bare ws echo': { lat: [], rate: [] },
    'MessageBusServer relay': { lat: [], rate: [] },
    'relay + MessageBusClient': { lat: [], rate: [] },
  };
  for (let r = 0; r < ROUNDS; r++) {
    // alternate the order so neither side always runs on a warmer machine
    const order = r % 2 === 0 ? ['echo', 'relay'] : ['relay', 'echo'];
    for (const which of order) {
      const [row, client] = which === 'echo' ? [rows['bare ws echo'], echoClient] : [rows['MessageBusServer relay'], relayClient];
      row.lat.push(...(await latency(client, PINGS)));
      row.rate.push(await throughput(client, BURST));
    }
    const bus = await busClientRun(relay.url, PINGS, BURST);
    rows['relay + MessageBusClient'].lat.push(...bus.samples);
    rows['relay + MessageBusClient'].rate.push(bus.rate);
  }

  echoClient.ws.close();
  relayClient.ws.close();
  await relay.close();
  await echo.close();

  const table = Object.entries(rows).map(([name, { lat, rate }]) => {
    const sorted = [...lat].sort((a, b) => a - b);
    const medianRate = [...rate].sort((a, b) => a - b)[Math.floor(rate.length / 2)];
    return { name, p50: pct(sorted, 50), p99: pct(sorted, 99), rate: medianRate, n: lat.length };
  });
  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  console.log(`\n@ovos-tools/messagebus relay bench (${QUICK ? 'quick' : 'full'}; frame ${FRAME.length} B; ${ROUNDS} round(s))`);
  console.log(`${pad('target', 26)}${padL('p50 µs', 10)}${padL('p99 µs', 10)}${padL('msgs/s', 12)}${padL('samples', 10)}`);
  for (const t of table) {
    console.log(
      `${pad(t.name, 26)}${padL(t.p50.toFixed(1), 10)}${padL(t.p99.toFixed(1), 10)}${padL(Math.round(t.rate), 12)}${padL(t.n, 10)}`,
    );
  }
  const ratio = table[1].p50 / table[0].p50;
  const ok = ratio <= 1.5;
  console.log(`\nrelay p50 / bare echo p50 = ${ratio.toFixed(2)}x → ${ok ? 'within' : 'NOT within'} 1.5x`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok && process.env.OVOS_TOOLS_BENCH_STRICT === '1') process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
