// scratch: provider CPU per call (16 callers, 1 connection) for modes and node options
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { freePort, pluginRootWith } from './fixtures/benchRoot.mjs';
import { treeCpuMs } from './fixtures/bundledServe.mjs';
const repo = process.env.REPO ?? '/work/wt-device';
const N = Number(process.env.N ?? 30000);
const configs = JSON.parse(process.argv[2]);
for (const [label, cfg] of Object.entries(configs)) {
  const root = pluginRootWith('cpucall-', { config: { isolation: cfg.mode, federation: false, ...(cfg.config ?? {}) } });
  const url = `ws://127.0.0.1:${await freePort()}/core`;
  const proc = spawn(process.execPath, [...(cfg.nodeArgs ?? []), path.join(cfg.repo ?? repo, 'packages', 'provider', 'bin', 'ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...(cfg.env ?? {}) } });
  await new Promise((r) => { let o = ''; proc.stdout.on('data', (d) => { o += d; if (o.includes('serving')) r(); }); });
  const c = new MessageBusClient({ url, logger: silentLogger }); await c.connect();
  const call = async (k, i) => { const r = await c.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: k, b: i } }), undefined, 10000); if (r?.data.result?.sum !== k + i) throw new Error('bad'); };
  for (let i = 0; i < 2000; i++) await call(0, i);
  const cpu0 = treeCpuMs(proc.pid); const t0 = performance.now(); let next = 0;
  await Promise.all(Array.from({ length: 16 }, async (_, k) => { while (next < N) await call(k, next++); }));
  const cpu = treeCpuMs(proc.pid) - cpu0; const s = (performance.now() - t0) / 1000;
  const rss = Number(/VmHWM:\s+(\d+)/.exec((await import('node:fs')).readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024;
  console.log(label.padEnd(28), `${(cpu / N * 1000).toFixed(1)} µs CPU/call, ${(N / s).toFixed(0)} calls/s wall, peak RSS ${rss.toFixed(0)} MB`);
  await c.close(); await new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))); rmSync(root, { recursive: true, force: true });
}
