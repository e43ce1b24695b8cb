// Throughput through HAProxy (`pnpm bench`, issue 31): the toolcore HTTP API of 1 and then 3 `ovos-tools serve
// --http` replicas behind Debian's HAProxy (the config of fixtures/scale.mjs: a connection per call), 16 concurrent
// clients calling an instant tool, as an agent whose limits are counted in Redis (every call asks Redis once, and
// once more to release) and as one without limits (Redis never asked); with 1 replica also without the balancer and
// through one that keeps client connections alive, to show what the balancer and a connection per call cost. Needs Debian's haproxy and redis-server; says so and skips without.
// OVOS_TOOLS_BENCH_QUICK=1: 1.5 s per figure instead of 4 s.
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
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

/** One call with node:http (lighter on the shared cores than fetch); resolves with whether it answered ok. */
function call(url, agent, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/internal/tools/call`, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(res.statusCode === 200 && JSON.parse(text).ok === true));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** 16 clients (each its own keep-alive agent) calling `now` for `seconds`; calls/s and latency percentiles (ms), errors counted. */
async function drive(url, token) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const body = JSON.stringify({ tool_id: 'now', args: {} });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < until) {
      const t = performance.now();
      if (!(await call(url, agent, headers, body).catch(() => false))) errors++;
      latencies.push(performance.now() - t);
    }
    agent.destroy();
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
  const servers = replicas.map((r) => ({ name: r.name, port: r.port }));
  const lb = await startHaproxy({ port: lbPort, servers, interMs: 1000 });
  // the same balancer with client keep-alive (no `option httpclose`), to show what a connection per call costs
  const keepAlive = replicaCount === 1 ? await startHaproxy({ servers, interMs: 1000, clientKeepAlive: true }) : undefined;
  try {
    await drive(lb.url, TOKENS.free); // warm-up: JIT, connections
    const limited = await drive(lb.url, TOKENS.limited);
    const free = await drive(lb.url, TOKENS.free);
    const direct = replicaCount === 1 ? await drive(replicas[0].url, TOKENS.free) : undefined;
    const kept = keepAlive ? await drive(keepAlive.url, TOKENS.free) : undefined;
    return { limited, free, direct, kept };
  } finally {
    await lb.stop();
    await keepAlive?.stop();
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
console.log(line('1 replica, no balancer (keep-alive), no limits', one.direct));
console.log(line('1 replica,  keep-alive clients, no limits', one.kept));
console.log(line('1 replica,  agent limits counted in Redis', one.limited));
console.log(line('1 replica,  agent without limits', one.free));
console.log(line('3 replicas, agent limits counted in Redis', three.limited));
console.log(line('3 replicas, agent without limits', three.free));
console.log(`  3 replicas / 1 replica: ${(three.limited.rate / one.limited.rate).toFixed(2)}x with Redis limits, ${(three.free.rate / one.free.rate).toFixed(2)}x without`);
process.exit(0);
