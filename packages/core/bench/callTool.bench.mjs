/**
 * callTool overhead benchmark for @ovos-tools/core.
 *
 * Measures, warm and in one run, the cost per call of
 *   1. calling the `add` implementation directly: add({a, b}) → {result}
 *   2. ToolBox.callTool('add', {a, b}) on the same function (cache lookup, lax coercion, compiled argument
 *      check, execution, output coercion + check, promise)
 * and prints ns/call for both and the overhead (2 − 1) against the 2 µs target.
 *
 * Run from packages/core after `pnpm build`: `pnpm bench` (or `node bench/callTool.bench.mjs`).
 * OVOS_TOOLS_BENCH_QUICK=1 makes it a short smoke run (numbers are noisier).
 */
import { defineTool, silentLogger, ToolBox, Type } from '@ovos-tools/core';

const QUICK = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const ROUNDS = QUICK ? 3 : 7;
const CALLS = QUICK ? 50_000 : 200_000;
const TARGET_NS = 2_000;

const AddArgs = Type.Object({ a: Type.Integer({ description: 'First operand' }), b: Type.Integer({ description: 'Second operand' }) }, { title: 'AddArgs' });
const AddOutput = Type.Object({ result: Type.Integer({ description: 'Sum of a and b' }) }, { title: 'AddOutput' });
const add = (args) => ({ result: args.a + args.b });

class MathTools extends ToolBox {
  static toolboxId = 'math_tools';
  discoverTools() {
    return [defineTool({ name: 'add', description: 'Add two integers.', argumentSchema: AddArgs, outputSchema: AddOutput, toolCall: add })];
  }
}
const tb = new MathTools({ logger: silentLogger });

let sink = 0;

function directRound(n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += add({ a: i, b: 1 }).result;
  return Number(process.hrtime.bigint() - t0) / n;
}

async function callToolRound(n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += (await tb.callTool('add', { a: i, b: 1 })).result;
  return Number(process.hrtime.bigint() - t0) / n;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

// correctness first: the benchmark measures the real thing
const check = await tb.callTool('add', { a: '3', b: 4 });
if (check.result !== 7) throw new Error(`callTool('add') returned ${JSON.stringify(check)}`);

// warm-up: compile the schemas and let V8 optimise both paths
directRound(CALLS / 4);
await callToolRound(CALLS / 4);

const direct = [];
const viaCallTool = [];
for (let r = 0; r < ROUNDS; r++) {
  direct.push(directRound(CALLS));
  viaCallTool.push(await callToolRound(CALLS));
}

const d = median(direct);
const c = median(viaCallTool);
const overhead = c - d;
const fmt = (ns) => `${ns.toFixed(1).padStart(8)} ns/call`;
console.log(`@ovos-tools/core callTool benchmark (${QUICK ? 'quick' : 'full'}: ${ROUNDS} rounds x ${CALLS} calls, median; node ${process.version})`);
console.log(`  add() directly            ${fmt(d)}`);
console.log(`  callTool('add', {a, b})   ${fmt(c)}`);
console.log(`  overhead                  ${fmt(overhead)}  (target < ${TARGET_NS} ns: ${overhead < TARGET_NS ? 'UNDER target' : 'OVER target'})`);
if (sink === 42) console.log(''); // keeps the loops observable
