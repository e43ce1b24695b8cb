import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient } from '@ovos-tools/messagebus';
import { freePort, pluginRootWith } from '../fixtures/benchRoot.mjs';
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const root = pluginRootWith('door-prof-', { config: { federation: false, ...(process.env.ISO ? { isolation: process.env.ISO } : {}) } });
const url = `ws://127.0.0.1:${await freePort()}/core`;
const proc = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/door-prof', path.join(repo, 'packages/provider/bin/ovos-tools.js'), 'serve', '--bus-url', url, '--embedded-bus', 'always', '--plugins', root, '--config', path.join(root, 'config.json'), '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((r) => proc.stdout.on('data', (d) => String(d).includes('serving') && r()));
const c = new MessageBusClient({ url, logger: silentLogger });
await c.connect();
const t = performance.now();
for (let i = 0; i < 10000; i++) {
  const r = await c.waitForResponse(new Message('ovos.tools.invoke', { name: 'add', args: { a: 1, b: i } }), undefined, 10000);
  if (r.data.result.sum !== 1 + i) throw new Error('wrong');
}
console.log('10000 calls', (performance.now() - t).toFixed(0), 'ms');
await c.close();
await new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM')));
rmSync(root, { recursive: true, force: true });
