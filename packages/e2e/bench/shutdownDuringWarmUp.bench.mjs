// Stress of "SIGTERM shortly after serving" (issue 35): `ovos-tools serve` with the six bundled toolboxes, stopped
// 0–1000 ms after its "serving" line while the warm-ups import their libraries, OVOS_TOOLS_BENCH_TRIES times (default
// 200). Every try must exit 0 (a clean stop): never 134 (`FATAL ERROR: v8::Module::IsGraphAsync`, a worker
// terminated mid-import). Prints the exit codes seen and any output of a try that did not exit 0; exits 1 if any.
// Run: node packages/e2e/bench/shutdownDuringWarmUp.bench.mjs
import { shutdownDuringWarmUp } from '../fixtures/shutdownDuringWarmUp.mjs';

const tries = Number(process.env.OVOS_TOOLS_BENCH_TRIES ?? 200);
const codes = new Map();
let bad = 0;
const started = Date.now();
for (let i = 0; i < tries; i++) {
  const delayMs = Math.round((i * 997) % 1000); // spread over 0–1000 ms
  const r = await shutdownDuringWarmUp(delayMs);
  const key = r.signal ?? String(r.code);
  codes.set(key, (codes.get(key) ?? 0) + 1);
  if (r.code !== 0 || !r.serving) {
    bad++;
    console.log(`try ${i + 1} (SIGTERM ${delayMs} ms after serving): exit ${key}\n${r.output}`);
  }
}
console.log(`shutdown during warm-up: ${tries} tries in ${Math.round((Date.now() - started) / 1000)} s; exit codes ${JSON.stringify(Object.fromEntries(codes))}; ${bad} not clean`);
process.exitCode = bad ? 1 : 0;
