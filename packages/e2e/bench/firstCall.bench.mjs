// First-call benchmark (`pnpm bench`): how long after "serving" the first call of each bundled tool answers.
// For every tool, a fresh `ovos-tools serve` (from the repository root, as `npm start`; default isolation, the six
// bundled toolboxes configured so every tool does real work on local services: see fixtures/bundledServe.mjs) is
// spawned; at its "serving" line a client connects to the embedded bus and invokes that tool once. Printed per
// tool: spawn → serving and serving → first answer (which includes connecting the client), the median and the
// worst of ROUNDS rounds; once on an idle machine and once with a CPU hog (a busy loop per core) running
// throughout. Targets (issue 30): spawn → serving ≤ 500 ms (idle machine); every first answer ≤ 300 ms, also under the
// hog.
// OVOS_TOOLS_BENCH_QUICK=1: one round.
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { BUNDLED_CALLS, makeBundledHome, PROVIDER_NODE_OPTIONS, removeHome, spawnBundledServe, startCpuHog, startLocalServices } from '../fixtures/bundledServe.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ROUNDS = Number(process.env.OVOS_TOOLS_BENCH_ROUNDS ?? (quick ? 1 : 3));
const only = process.env.OVOS_TOOLS_BENCH_TOOLS?.split(',');
const calls = only ? BUNDLED_CALLS.filter((c) => only.includes(c.name)) : BUNDLED_CALLS;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One fresh provider; resolves with {serving, first} in ms, or throws with what went wrong. */
async function firstCall(tool, base) {
  const home = makeBundledHome(base);
  const serve = await spawnBundledServe(home);
  try {
    const client = new MessageBusClient({ url: serve.url, logger: silentLogger });
    await client.connect();
    const reply = await client.waitForResponse(new Message('ovos.tools.invoke', { name: tool.name, args: tool.args(0, base) }), undefined, 30_000);
    const first = performance.now() - serve.servingAt;
    await client.close();
    if (!reply) throw new Error(`${tool.name}: no answer within 30 s`);
    if (reply.data.error) throw new Error(`${tool.name}: ${reply.data.error}`);
    tool.check(reply.data.result, 0);
    return { serving: serve.spawnToServingMs, first };
  } finally {
    await serve.stop();
    removeHome(home);
  }
}

const services = await startLocalServices();
try {
  console.log(`\nfirst call after "serving", default isolation (worker), six bundled toolboxes, NODE_OPTIONS="${PROVIDER_NODE_OPTIONS}" (as npm start), a fresh provider per call; median / worst of ${ROUNDS} round(s)${quick ? ' (quick)' : ''}`);
  for (const load of ['idle', 'cpu hog']) {
    const stopHog = load === 'cpu hog' ? startCpuHog() : undefined;
    const rows = new Map(calls.map((c) => [c.name, { serving: [], first: [] }]));
    try {
      for (let r = 0; r < ROUNDS; r++) {
        for (const tool of calls) {
          const m = await firstCall(tool, services.base);
          rows.get(tool.name).serving.push(m.serving);
          rows.get(tool.name).first.push(m.first);
        }
      }
    } finally {
      await stopHog?.();
    }
    const allServing = [...rows.values()].flatMap((r) => r.serving);
    const worstFirst = Math.max(...[...rows.values()].flatMap((r) => r.first));
    const worstName = [...rows].find(([, r]) => r.first.includes(worstFirst))?.[0];
    const servingTarget = load === 'idle' ? ` (target ≤ 500 ms: ${median(allServing) <= 500 ? 'met' : 'MISSED'})` : ''; // the cold-start target is for an idle machine
    console.log(`  ${load === 'idle' ? 'machine otherwise idle' : `with a CPU hog on every core`}: spawn → serving median ${median(allServing).toFixed(0)} ms, worst ${Math.max(...allServing).toFixed(0)} ms${servingTarget}`);
    console.log(`    ${'tool'.padEnd(22)} ${'serving → first answer (ms)'.padStart(28)}`);
    for (const [name, r] of rows) {
      console.log(`    ${name.padEnd(22)} ${`median ${median(r.first).toFixed(0)}`.padStart(18)}  worst ${Math.max(...r.first).toFixed(0).padStart(5)}`);
    }
    console.log(`    slowest first answer: ${worstFirst.toFixed(0)} ms (${worstName}); target ≤ 300 ms: ${worstFirst <= 300 ? 'met' : 'MISSED'}`);
  }
} finally {
  await services.close();
}
