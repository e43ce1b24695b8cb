import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { BUNDLED_CALLS, makeBundledHome, removeHome, spawnBundledServe, startCpuHog, startLocalServices } from './fixtures/bundledServe.mjs';
const REPOS = { base: '/work/wt-device-base', branch: '/work/wt-device' };
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const only = process.env.TOOLS?.split(',');
const calls = only ? BUNDLED_CALLS.filter((c) => only.includes(c.name)) : BUNDLED_CALLS;
const hog = process.env.HOG === '1';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function firstCall(tool, base, repo) {
  const home = makeBundledHome(base);
  const serve = await spawnBundledServe(home, { repo });
  try {
    const client = new MessageBusClient({ url: serve.url, logger: silentLogger });
    await client.connect();
    const reply = await client.waitForResponse(new Message('ovos.tools.invoke', { name: tool.name, args: tool.args(0, base) }), undefined, 30_000);
    const first = performance.now() - serve.servingAt;
    await client.close();
    if (!reply || reply.data.error) throw new Error(`${tool.name}: ${reply?.data.error}`);
    return { serving: serve.spawnToServingMs, first };
  } finally { await serve.stop(); removeHome(home); }
}
const services = await startLocalServices();
const stopHog = hog ? startCpuHog() : undefined;
const res = {};
try {
  for (let r = 0; r < ROUNDS; r++) for (const tool of calls) for (const [name, repo] of r % 2 ? Object.entries(REPOS).reverse() : Object.entries(REPOS)) {
    const m = await firstCall(tool, services.base, repo);
    ((res[tool.name] ??= { base: [], branch: [], sbase: [], sbranch: [] })[name]).push(m.first);
    res[tool.name]['s' + name].push(m.serving);
  }
} finally { await stopHog?.(); await services.close(); }
console.log(`hog=${hog} rounds=${ROUNDS}`);
for (const [n, r] of Object.entries(res)) console.log(n.padEnd(22), 'base', median(r.base).toFixed(0).padStart(5), 'branch', median(r.branch).toFixed(0).padStart(5), '  serving base', median(r.sbase).toFixed(0), 'branch', median(r.sbranch).toFixed(0));
