// Throughput through HAProxy (`pnpm bench`, issue 31): the toolcore HTTP API of 1 and then 3 `ovos-tools serve
// --http` replicas behind Debian's HAProxy (the config of fixtures/scale.mjs), 16 concurrent clients calling an
// instant tool, as an agent whose limits are counted in Redis (every call asks Redis once, and once more to release)
// and as one without limits (Redis never asked). Needs Debian's haproxy and redis-server; says so and skips without.
// OVOS_TOOLS_BENCH_QUICK=1: 1.5 s per figure instead of 4 s.
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import { freePort, HAPROXY_BINARY, REDIS_BINARY, scaleRoot, startHaproxy, startRedis, startReplica } from '../fixtures/scale.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const seconds = quick ? 1.5 : 4;
const CLIENTS = 16;
const missing = [HAPROXY_BINARY, REDIS_BINARY].filter((b) => !existsSync(b));
if (missing.length) {
  console.log(`\nbalancer throughput: skipped, ${missing.join(' and ')} missing (apt-get install -y haproxy redis-server)`);
  process.exit(0);
}

const sha = (t) => createHash('sha256').update(t).digest('hex');
const TOKENS = { limited: 'bench-limited-0123456789abcdef', free: 'bench-free-0123456789abcdef' };

/** 16 clients calling `now` for `seconds`; calls/s and latency percentiles (ms), errors counted. */
async function drive(url, token) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const body = JSON.stringify({ tool_id: 'now', args: {} });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${url}/internal/tools/call`, { method: 'POST', headers, body });
      const answer = await res.json();
      if (!answer.ok) errors++;
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

async function run(replicaCount) {
  const redis = await startRedis(await freePort());
  const lbPort = await freePort();
  const { root, config } = scaleRoot({
    http: { allowed_hosts: [`127.0.0.1:${lbPort}`] },
    state: { redis: redis.url },
    agents: {
      'agent:limited': { credential: { sha256: sha(TOKENS.limited) }, tools: ['*'], rate_per_minute: 10_000_000, max_concurrency: 1000 },
      'agent:free': { credential: { sha256: sha(TOKENS.free) }, tools: ['*'] },
    },
  });
  const names = Array.from({ length: replicaCount }, (_, i) => `r${i + 1}`);
  const replicas = await Promise.all(names.map((name) => startReplica({ name, root, config, env: { OVOS_TOOLS_LOG_LEVEL: 'error' } })));
  const lb = await startHaproxy({ port: lbPort, servers: replicas.map((r) => ({ name: r.name, port: r.port })), interMs: 1000 });
  try {
    await drive(lb.url, TOKENS.free); // warm-up: JIT, connections
    const limited = await drive(lb.url, TOKENS.limited);
    const free = await drive(lb.url, TOKENS.free);
    return { limited, free };
  } finally {
    await lb.stop();
    await Promise.all(replicas.map((r) => r.kill()));
    await redis.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

const line = (label, r) =>
  `  ${label.padEnd(44)} ${r.rate.toFixed(0).padStart(6)} calls/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.errors ? `  (${r.errors} errors)` : ''}`;

const loadBefore = os.loadavg()[0];
const one = await run(1);
const three = await run(3);
console.log(
  `\nthroughput through HAProxy (${CLIENTS} clients, toolcore POST /internal/tools/call, ${seconds} s each${quick ? ', quick' : ''}; ` +
    `${os.cpus().length} cores shared by clients, HAProxy, Redis and the replicas; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after)`,
);
console.log(line('1 replica,  agent limits counted in Redis', one.limited));
console.log(line('1 replica,  agent without limits', one.free));
console.log(line('3 replicas, agent limits counted in Redis', three.limited));
console.log(line('3 replicas, agent without limits', three.free));
console.log(`  3 replicas / 1 replica: ${(three.limited.rate / one.limited.rate).toFixed(2)}x with Redis limits, ${(three.free.rate / one.free.rate).toFixed(2)}x without`);
process.exit(0);
