// MCP benchmark (`pnpm bench:mcp`): the same `add` tool called over MCP stdio with the official client, once
// through `ovos-tools mcp` (provider, registry, policy, isolated toolbox host) and once on a reference server
// built directly on the MCP SDK (toolbox-mcp's fixture server), in one run. Sequential calls give latency;
// 16 concurrent callers give throughput. OVOS_TOOLS_BENCH_QUICK=1: fewer calls.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { pluginRootWith } from '../fixtures/benchRoot.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const quick = process.env.OVOS_TOOLS_BENCH_QUICK === '1';
const sequential = quick ? 200 : 2000;
const concurrent = quick ? 400 : 4000;

// A plugin root below e2e (so @ovos-tools/core resolves) with one toolbox serving `add`.
const root = pluginRootWith('mcp-bench-');

async function measure(label, command, args) {
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command, args, cwd: repo, stderr: 'ignore' }));
  const call = async (i) => {
    const r = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
    if (r.isError || r.structuredContent?.sum !== i + 1) throw new Error(`${label}: wrong answer ${JSON.stringify(r)}`);
  };
  for (let i = 0; i < 50; i++) await call(i); // warm-up
  const lat = [];
  for (let i = 0; i < sequential; i++) {
    const t = performance.now();
    await call(i);
    lat.push(performance.now() - t);
  }
  lat.sort((x, y) => x - y);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < concurrent) await call(next++);
  }));
  const seconds = (performance.now() - t0) / 1000;
  await client.close();
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  return { label, p50: q(0.5), p99: q(0.99), throughput: concurrent / seconds };
}

try {
  const rows = [
    await measure('ovos-tools mcp', process.execPath, [path.join(repo, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'mcp', '--plugins', root, '--log-level', 'error']),
    await measure('reference MCP SDK server', process.execPath, [path.join(repo, 'packages', 'toolbox-mcp', 'test', 'fixtures', 'fixtureServer.mjs')]),
  ];
  console.log(`\nMCP over stdio, tool "add"${quick ? ' (quick)' : ''}: ${sequential} sequential calls, then ${concurrent} calls from 16 concurrent callers`);
  for (const r of rows) console.log(`  ${r.label.padEnd(26)} p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.throughput.toFixed(0)} calls/s`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
