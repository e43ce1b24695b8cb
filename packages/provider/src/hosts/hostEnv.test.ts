import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const work = mkdtempSync(path.join(os.tmpdir(), 'host-env-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hostEnvModule = new URL('../../dist/hosts/hostEnv.js', import.meta.url).href;

/**
 * A fresh provider-like process with `env`: it starts a worker thread with `withCompileCache(hostEnv([]))`, as a
 * worker host does, and prints the compile cache folder the worker sees and whether it got a secret of the provider.
 */
function workerSees(env: NodeJS.ProcessEnv): { dir: string | null; secret: string | null } {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { hostEnv, withCompileCache } from ${JSON.stringify(hostEnvModule)};
    const code = "import m from 'node:module'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ dir: m.getCompileCacheDir?.() ?? null, secret: process.env.SECRET_TOKEN ?? null });";
    const worker = new Worker(code, { eval: true, env: withCompileCache(hostEnv([])) });
    worker.once('message', (m) => { console.log(JSON.stringify(m)); worker.terminate(); });`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout.trim());
}

const keepsCache = typeof (await import('node:module')).default.getCompileCacheDir === 'function'; // Node ≥ 22.8

test(`a worker host ${keepsCache ? 'reuses the provider compile cache' : 'runs without a compile cache (Node 20 has none)'}, and no other variable of the provider`, () => {
  const seen = workerSees({ NODE_COMPILE_CACHE: work, SECRET_TOKEN: 'not for toolboxes' });
  expect(seen.secret).toBeNull();
  if (keepsCache) expect(seen.dir?.startsWith(work)).toBe(true);
  else expect(seen.dir).toBeNull();
});

test('without a compile cache in the provider (NODE_DISABLE_COMPILE_CACHE), a worker host has none either', () => {
  expect(workerSees({ NODE_COMPILE_CACHE: work, NODE_DISABLE_COMPILE_CACHE: '1' }).dir).toBeNull();
});
