// A bus no client can stall (issue 45, `pnpm bench`): one `ovos-tools serve` on its embedded bus (the bundled
// toolboxes, default isolation); a caller invokes `get_current_datetime` 20 times a second over the bus while, in its
// own process, one other client floods frames just under the 8 MiB limit back to back for FLOOD_S seconds. Two
// callers, one after the other, each with its own baseline and floods: `client`, this project's `MessageBusClient`
// (what an OVOS program in Node uses: it skips a big frame of a type it does not handle as its bytes arrive), and
// `raw`, a plain `ws` client that reads every frame but parses only small ones (`ws` gathers each 8 MiB frame into
// one buffer first: what a client on another library meets). OVOS semantics make every client receive every frame,
// so both are sent the flooder's frames. Printed per caller and flood kind: the caller's p50/p99/slowest round trip,
// how many flood frames went out, and the provider's warnings (the flooder is slowed, named). Kinds: none
// (baseline); `array` (a JSON array of numbers, no OVOS message: what was measured on main); `envelope` (an OVOS
// message of a type nobody handles); `invoke` (an `ovos.tools.invoke` whose args hold a million numbers: a topic the
// provider handles, refused unparsed for its size). Also printed: the CPU time the provider's process tree used
// during each run, and per flood frame beyond the baseline run, in all and on its main thread (the thread every
// frame and call goes through), the longest stall of the caller's own event loop, its longest socket read (CPU) and,
// for `client`, how many big frames it skipped unread.
// Target (issue 45): p99 ≤ 50 ms and slowest ≤ 200 ms under every flood. Each flood's p99 and slowest are also
// printed as a multiple of that caller's baseline: on a shared, loaded machine the baseline itself can miss the
// target, and the ratio is what the flood added. OVOS_TOOLS_BENCH_CALLER=client or raw runs one caller only.
// OVOS_TOOLS_BENCH_QUICK=1: 4 s per kind; OVOS_TOOLS_BENCH_STRICT=1: exit 1 when a target is missed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Message } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { makeBundledHome, removeHome, spawnBundledServe, treeCpuMs } from '../fixtures/bundledServe.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const FLOOD_S = quick ? 4 : 10;
const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** CPU time (ms) the provider's main thread (the one every bus frame and call goes through) has used. */
function mainThreadCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's main-thread CPU time in ms (Linux schedstat), or undefined elsewhere. */
const statFile = `/proc/${process.pid}/task/${process.pid}/schedstat`;
const threadMs = existsSync(statFile) ? () => Number(readFileSync(statFile, 'utf8').split(' ')[0]) / 1e6 : undefined;
/** The longest CPU stretch one socket read event took in this process (the caller's `ws` gathering a frame). */
let longestRead = 0;
if (threadMs) {
  const emit = net.Socket.prototype.emit;
  net.Socket.prototype.emit = function (event, ...args) {
    if (event !== 'data') return emit.call(this, event, ...args);
    const t0 = threadMs();
    try {
      return emit.call(this, event, ...args);
    } finally {
      longestRead = Math.max(longestRead, threadMs() - t0);
    }
  };
}

/** Calls `get_current_datetime` every 50 ms for `ms` through `invoke(id)` (resolves once answered); resolves with the round trips (ms) and the misses. */
async function callEvery50(ms, invoke) {
  const rtts = [];
  let missed = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  longestRead = 0;
  const answers = [];
  const end = performance.now() + ms;
  for (let n = 0; performance.now() < end; n++) {
    const t0 = performance.now();
    answers.push(invoke(`bench-${n}`).then((ok) => (ok ? rtts.push(performance.now() - t0) : missed++)));
    await sleep(50);
  }
  await Promise.all(answers);
  lag.disable();
  return { rtts, missed, lagMs: lag.max / 1e6, readMs: longestRead };
}

const request = (id) => ({ type: 'ovos.tools.invoke', data: { name: 'get_current_datetime', args: {} }, context: { request_id: id, session: { session_id: 'default' } } });

/** The raw caller: a `ws` client that reads every frame but parses only small ones. */
async function callRaw(url, ms) {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  const pending = new Map();
  ws.on('message', (data) => {
    if (data.length > 64 * 1024) return; // a big broadcast: skipped unread
    const m = JSON.parse(data.toString());
    if (m.type === 'ovos.tools.invoke.response') pending.get(m.context?.request_id)?.(true);
  });
  try {
    return await callEvery50(ms, (id) => {
      const answered = new Promise((resolve) => {
        pending.set(id, resolve);
        setTimeout(() => resolve(false), 2000 + ms);
      });
      ws.send(JSON.stringify(request(id)));
      return answered;
    });
  } finally {
    ws.terminate();
  }
}

/** The library caller: this project's `MessageBusClient` (what an OVOS program in Node uses), waiting for each answer. */
async function callClient(url, ms) {
  const bus = new MessageBusClient({ url, reconnect: false });
  await bus.connect();
  try {
    const r = await callEvery50(ms, (id) => {
      const { type, data, context } = request(id);
      return bus.waitForResponse(new Message(type, data, context), undefined, 2000 + ms).then((reply) => reply !== null);
    });
    return { ...r, skipped: bus.largeFramesSkipped };
  } finally {
    await bus.close();
  }
}

/** Runs the flooder process for `seconds`; resolves with its summary. */
function flood(url, mode, seconds) {
  const proc = spawn(process.execPath, [path.join(here, 'busFlooder.mjs'), url, mode, String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  return new Promise((resolve) => proc.once('exit', () => resolve(out ? JSON.parse(out) : { sent: 0, closed: null })));
}

const CALLERS = { raw: callRaw, client: callClient };
const callers = (process.env.OVOS_TOOLS_BENCH_CALLER ?? 'client,raw').split(',');
const home = makeBundledHome('http://127.0.0.1:9');
const serve = await spawnBundledServe(home);
let failed = false;

/** One run: `caller` calls while the flooder sends `mode` frames; prints one line (and the provider's warnings). */
async function run(caller, mode, baseline) {
  const warnBefore = serve.stderr().length;
  await sleep(500);
  const cpu0 = treeCpuMs(serve.proc.pid);
  const main0 = mainThreadCpuMs(serve.proc.pid);
  const flooding = mode === 'none' ? Promise.resolve({ sent: 0, closed: null }) : flood(serve.url, mode, FLOOD_S);
  await sleep(mode === 'none' ? 0 : 300); // the flooder's connection and first frames
  const [{ rtts, missed, lagMs, readMs, skipped }, f] = await Promise.all([CALLERS[caller](serve.url, FLOOD_S * 1000 - 300), flooding]);
  const cpu = treeCpuMs(serve.proc.pid) - cpu0;
  const main = mainThreadCpuMs(serve.proc.pid) - main0;
  const perFrame = f.sent && baseline ? ` (${((cpu - baseline.cpu) / f.sent).toFixed(0)} ms per flood frame, main thread ${((main - baseline.main) / f.sent).toFixed(0)} ms)` : '';
  const p50 = pct(rtts, 50);
  const p99 = pct(rtts, 99);
  const max = Math.max(...rtts);
  const ok = p99 <= 50 && max <= 200 && missed === 0;
  const ratio = baseline ? ` (×${(p99 / baseline.p99).toFixed(1)} / ×${(max / baseline.max).toFixed(1)} the baseline's)` : '';
  if (!ok && mode !== 'none') failed = true;
  const warnings = serve.stderr().slice(warnBefore).split('\n').filter((l) => /slowing|1009|1008|not reading/.test(l));
  console.log(
    `  ${caller.padEnd(6)} flood ${mode.padEnd(8)} calls ${String(rtts.length).padStart(3)} missed ${missed}  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  slowest ${max.toFixed(1)} ms${ratio}` +
      `  | caller's own loop stalled ≤ ${lagMs.toFixed(0)} ms (its longest read ${readMs.toFixed(0)} ms CPU${skipped !== undefined ? `, big frames skipped unread ${skipped}` : ''})  | provider CPU ${cpu.toFixed(0)} ms${perFrame}` +
      (mode === 'none' ? '' : `  | flood frames sent ${f.sent} (${(f.bytes / 1048576).toFixed(1)} MiB each)${f.closed ? `, flooder closed ${f.closed}` : ''}  ${ok ? 'OK' : 'MISSED TARGET'}`),
  );
  for (const w of warnings.slice(0, 1)) console.log(`    provider: ${w.trim().slice(0, 200)}`);
  return { p99, max, cpu, main };
}

try {
  await callRaw(serve.url, 1000); // warm-up: the clock toolbox's worker, the JIT
  console.log(`bus flood (issue 45): caller invokes get_current_datetime every 50 ms for ${FLOOD_S} s; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
  for (const caller of callers) {
    const baseline = await run(caller, 'none');
    for (const mode of ['array', 'envelope', 'invoke']) await run(caller, mode, baseline);
  }
  console.log(`  load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await serve.stop();
  removeHome(home);
}
if (failed && process.env.OVOS_TOOLS_BENCH_STRICT === '1') process.exit(1);
