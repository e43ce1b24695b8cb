// CPU profile of the provider's door (issue 44 item 5): `ovos-tools serve` (embedded bus, default worker isolation)
// runs under `node --cpu-prof` (the main thread and the worker host's thread each write a .cpuprofile) while
// external MessageBusClients make OVOS_TOOLS_PROFILE_CALLS `add` calls (default 10000; OVOS_TOOLS_PROFILE_CLIENTS
// clients share them, each calling in turn, default 1), after a warm-up of 2000. It prints the calls' wall time, the
// CPU time (user + system, from /proc) each thread of serve used per call — a figure a loaded machine bends less
// than wall time — then serve is stopped (SIGTERM: a clean exit writes the profiles) and the top self-time of every
// profile is printed (OVOS_TOOLS_PROFILE_TOP lines). OVOS_TOOLS_PROFILE=0: no profiler, the CPU figures only.
// OVOS_TOOLS_BENCH_NODE_ARGS: Node flags of serve. Linux only (/proc).
// Usage: node packages/e2e/bench/door.profile.mjs [outDir]   (default <repo>/.cpu-prof)
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { freePort, pluginRootWith } from '../fixtures/benchRoot.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const outDir = path.resolve(process.argv[2] ?? path.join(repo, '.cpu-prof'));
const CALLS = Number(process.env.OVOS_TOOLS_PROFILE_CALLS ?? 10_000);
const CLIENTS = Number(process.env.OVOS_TOOLS_PROFILE_CLIENTS ?? 1);
mkdirSync(outDir, { recursive: true });

// OVOS_TOOLS_BENCH_CONFIG: provider config keys (JSON) merged over the default config, for experiments
const root = pluginRootWith('door-profile-', { config: { federation: false, ...JSON.parse(process.env.OVOS_TOOLS_BENCH_CONFIG ?? '{}') } });
const url = `ws://127.0.0.1:${await freePort()}/core`;
const profile = process.env.OVOS_TOOLS_PROFILE !== '0';
const args = [...(process.env.OVOS_TOOLS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(profile ? ['--cpu-prof', '--cpu-prof-dir', outDir] : []), path.join(repo, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--log-level', 'error'];
const proc = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  let out = '';
  proc.stdout.on('data', (d) => ((out += d), /serving/.test(out) && resolve()));
  proc.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
});
const clients = await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    const client = new MessageBusClient({ url, logger: silentLogger });
    await client.connect();
    return client;
  }),
);
// warm-up (the JIT's compilations are not what a call costs)
for (let i = 0; i < 2000; i++) await clients[0].waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 10_000);
const cpu0 = threadCpu(proc.pid);
const t0 = performance.now();
await Promise.all(
  clients.map(async (client, k) => {
    for (let i = k; i < CALLS; i += CLIENTS) {
      const r = await client.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 10_000);
      if (r?.data.result?.sum !== 1 + i) throw new Error(`wrong answer ${JSON.stringify(r?.data)}`);
    }
  }),
);
const ms = performance.now() - t0;
const cpu1 = threadCpu(proc.pid);
const perCall = (ticks) => ((ticks * 10_000) / CALLS).toFixed(0); // clock ticks of 10 ms → µs per call
const threads = [...cpu1].map(([tid, t]) => [tid, t.name, t.ticks - (cpu0.get(tid)?.ticks ?? 0)]).filter(([, , d]) => d > 0);
console.log(`${CALLS} calls by ${CLIENTS} client(s) in ${ms.toFixed(0)} ms (${((ms * 1000) / CALLS).toFixed(0)} µs/call)`);
console.log(`serve CPU per call: ${perCall(threads.reduce((a, [, , d]) => a + d, 0))} µs (${threads.map(([tid, n, d]) => `${tid === String(proc.pid) ? "main" : tid} ${perCall(d)}`).join(', ')})`);
await Promise.all(clients.map((c) => c.close()));
await new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM')));
rmSync(root, { recursive: true, force: true });

/** CPU time (user + system, clock ticks) of each thread of process `pid`, from /proc (Linux). */
function threadCpu(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the thread ended
    }
  }
  return out;
}

for (const file of readdirSync(outDir).filter((f) => f.endsWith('.cpuprofile'))) {
  const prof = JSON.parse(readFileSync(path.join(outDir, file), 'utf8'));
  const self = new Map();
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  let total = 0;
  for (const [id, t] of dt) {
    const n = byId.get(id);
    const cf = n.callFrame;
    const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\/(packages|node_modules)\//, '$1/')}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + t);
    total += t;
  }
  console.log(`\n${file}: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.OVOS_TOOLS_PROFILE_TOP ?? 30))) console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}
