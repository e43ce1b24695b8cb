// Whole-system load benchmark (`pnpm bench`): 8 client processes × 2,000 concurrent invocations through
// `ovos-tools serve` on its embedded messagebus. OVOS_TOOLS_BENCH_QUICK=1: 8 × 250.
import { runLoad } from '../fixtures/load.mjs';

const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const r = await runLoad({ clients: 8, perClient: quick ? 250 : 2000 });
console.log(`\nwhole-system load${quick ? ' (quick)' : ''}: ${r.clients} client processes × ${r.perClient} concurrent invocations`);
console.log(`  answered ${r.answered}/${r.sent}, duplicates ${r.duplicates}, wrong ${r.wrong}, missing ${r.missing}`);
console.log(`  throughput ${r.throughput.toFixed(0)} invocations/s over ${r.seconds.toFixed(2)} s`);
console.log(`  latency from send to answer: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
