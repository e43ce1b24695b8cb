#!/usr/bin/env node
// The three Bus endpoints side by side, in one process and run: core's FakeBus (synchronous, in-process), an
// InProcessBusClient attached to a MessageBusServer, and a MessageBusClient over a loopback websocket to the same
// server. For each: a request/reply round trip with `waitForResponse` against a responder on the same bus
// (sequential p50/p99), and request/replies per second with 64 requests in flight. What differs between the rows is
// the transport; the handler, waiter and session code is the same, so this is where a regression in it shows.
// Env: OVOS_TOOLS_BENCH_QUICK=1 for a short run.
import { FakeBus, Message } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';

const QUICK = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 3;
const PINGS = QUICK ? 300 : 4000; // sequential round trips per round
const BURST = QUICK ? 2000 : 20000; // request/replies per throughput round
const WINDOW = 64; // requests in flight during the throughput run
const TYPE = 'ovos.persona.tools.ovos-math-tools.call';
const request = () => new Message(TYPE, { name: 'add', kwargs: { a: 3, b: 4 } }, { source: 'bench', destination: 'provider' });

const now = () => process.hrtime.bigint();

/** Sequential waitForResponse round trips; microseconds each. */
async function latency(asker, n) {
  const samples = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = now();
    const reply = await asker.waitForResponse(request(), undefined, 5000);
    if (!reply) throw new Error('no reply within 5 s');
    samples[i] = Number(now() - t0) / 1000;
  }
  return samples;
}

/** Request/replies per second with WINDOW requests in flight. */
async function throughput(asker, n) {
  let started = 0;
  const t0 = now();
  const lane = async () => {
    while (started < n) {
      started++;
      if (!(await asker.waitForResponse(request(), undefined, 10_000))) throw new Error('no reply within 10 s');
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
  return n / (Number(now() - t0) / 1e9);
}

const answer = (bus) => bus.on(TYPE, (m) => bus.emit(m.response({ result: { sum: m.data.kwargs.a + m.data.kwargs.b }, toolbox_id: 'ovos-math-tools' })));

async function main() {
  const started = Date.now();
  const server = new MessageBusServer({ host: '127.0.0.1', port: 0 });
  await server.start();

  const fake = new FakeBus();
  answer(fake);
  const attachedAsker = server.attach();
  answer(server.attach());
  const wsAsker = new MessageBusClient({ url: server.url, reconnect: false });
  const wsResponder = new MessageBusClient({ url: server.url, reconnect: false });
  answer(wsResponder);
  await Promise.all([wsAsker.connect(), wsResponder.connect()]);

  const targets = { FakeBus: fake, InProcessBusClient: attachedAsker, MessageBusClient: wsAsker };
  for (const bus of Object.values(targets)) await latency(bus, 300); // warm up
  const rows = Object.fromEntries(Object.keys(targets).map((k) => [k, { lat: [], rate: [] }]));
  for (let r = 0; r < ROUNDS; r++) {
    // rotate the order so no row always runs on a warmer (or busier) machine
    const names = Object.keys(targets);
    const order = [...names.slice(r % names.length), ...names.slice(0, r % names.length)];
    for (const name of order) {
      rows[name].lat.push(...(await latency(targets[name], PINGS)));
      rows[name].rate.push(await throughput(targets[name], BURST));
    }
  }
  await wsAsker.close();
  await wsResponder.close();
  await server.close();

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  console.log(`\n@ovos-tools/messagebus endpoint bench (${QUICK ? 'quick' : 'full'}; waitForResponse round trips; ${ROUNDS} round(s); node ${process.version})`);
  console.log(`${pad('endpoint', 22)}${padL('p50 µs', 10)}${padL('p99 µs', 10)}${padL('replies/s', 12)}${padL('samples', 10)}`);
  for (const [name, { lat, rate }] of Object.entries(rows)) {
    const sorted = [...lat].sort((a, b) => a - b);
    const medianRate = [...rate].sort((a, b) => a - b)[Math.floor(rate.length / 2)];
    console.log(`${pad(name, 22)}${padL(pct(sorted, 50).toFixed(1), 10)}${padL(pct(sorted, 99).toFixed(1), 10)}${padL(Math.round(medianRate), 12)}${padL(lat.length, 10)}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
