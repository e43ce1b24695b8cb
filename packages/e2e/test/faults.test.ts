import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageBusServer } from '@ovos-tools/messagebus';
import { silentLogger } from '@ovos-tools/core';
import { afterEach, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { answerTo, freePort, RawOvosClient, startServe, type ServeProcess } from './helpers/system.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A plugin root with `echo` (returns a after ms) plus the given broken toolboxes. */
function root(extra: (r: PluginRoot) => void = () => {}): PluginRoot {
  const r = makePluginRoot();
  cleanups.push(() => r.cleanup());
  r.addPackage('echo-tools', toolboxEntry('echo'), {
    'index.js': toolboxSource('echo', { echo: '({ a, ms }) => new Promise((resolve) => setTimeout(() => resolve({ result: a ?? null }), ms ?? 0))' }),
  });
  extra(r);
  return r;
}

async function serveOn(r: PluginRoot, args: string[] = [], url?: string): Promise<ServeProcess> {
  const s = await startServe(['--plugins', r.dir, ...args], {}, { url });
  cleanups.push(() => s.stop());
  return s;
}

/** Writes a provider config file for `--config`; removed after the test. */
function configFile(config: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-cfg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

async function connect(url: string): Promise<RawOvosClient> {
  const c = await RawOvosClient.connect(url);
  cleanups.push(() => c.close());
  return c;
}

/** Sends `ovos.tools.list` until the provider answers (it may still be reconnecting). */
async function untilServing(url: string, timeoutMs = 20_000): Promise<RawOvosClient> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const c = await connect(url);
      await c.request('ovos.tools.list', {}, 1000);
      return c;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('faults', () => {
  test('the messagebus restarts under the provider: it reconnects, serves again, and answers a pending request exactly once', async () => {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/core`;
    let bus = new MessageBusServer({ port, logger: silentLogger });
    await bus.start();
    cleanups.push(() => bus.close());
    const serve = await serveOn(root(), ['--embedded-bus', 'never'], url);
    const before = await untilServing(url);
    expect((await before.request('ovos.tools.invoke', { name: 'echo', args: { a: 1 } })).data.result).toEqual({ result: 1 });

    // a slow call is running when the bus goes down; its answer must arrive once the bus is back
    before.send('ovos.tools.invoke', { name: 'echo', args: { a: 42, ms: 2500 } }, { request_id: 'pending-42' });
    await new Promise((r) => setTimeout(r, 300));
    await bus.close();
    bus = new MessageBusServer({ port, logger: silentLogger });
    await bus.start();
    const after = await untilServing(url);
    // waits for the answers (however loaded the machine: no fixed window), then a moment for a duplicate to show
    const settle = async (frames: () => unknown[], count: number) => {
      for (const deadline = Date.now() + 30_000; frames().length < count && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
    };
    const pending = () => after.frames.filter((f) => f.type === 'ovos.tools.invoke.response' && f.context.request_id === 'pending-42');
    await settle(pending, 1);
    expect(pending().map((f) => f.data.result)).toEqual([{ result: 42 }]);
    for (let i = 0; i < 20; i++) after.send('ovos.tools.invoke', { name: 'echo', args: { a: i } }, { request_id: `after-${i}` });
    const answered = () => after.frames.filter((f) => f.type === 'ovos.tools.invoke.response' && String(f.context.request_id).startsWith('after-'));
    await settle(answered, 20);
    const answers = answered();
    expect(answers.map((f) => f.context.request_id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `after-${i}`).sort());
    expect(serve.proc.exitCode).toBeNull();
  });

  test('toolboxes that throw on import, construction, discovery or inside a tool, or hang, leave the provider serving', async () => {
    const r = root((r) => {
      r.addPackage('import-bomb', toolboxEntry('import-bomb'), { 'index.js': 'throw new Error("import bomb");' });
      r.addPackage('ctor-bomb', toolboxEntry('ctor-bomb'), {
        'index.js': toolboxSource('ctor-bomb', {}).replace('discoverTools()', 'constructor(o) { super(o); throw new Error("ctor bomb"); }\n  discoverTools()'),
      });
      r.addPackage('discover-bomb', toolboxEntry('discover-bomb'), { 'index.js': toolboxSource('discover-bomb', {}).replace('discoverTools() {', 'discoverTools() { throw new Error("discover bomb");') });
      r.addPackage('runtime-tools', toolboxEntry('runtime'), {
        'index.js': toolboxSource('runtime', { explode: '() => { throw new TypeError("tool bomb"); }', hang: '() => new Promise(() => {})', spin: '() => ({ result: 1 })' }),
      });
    });
    const serve = await serveOn(r, ['--embedded-bus', 'always', '--config', configFile({ tool_timeouts: { hang: 1500 } })]);
    const c = await connect(serve.url);
    const reload = await c.request('ovos.tools.reload');
    expect(reload.data.loaded).toEqual(['echo', 'runtime']);
    expect((reload.data.problems as { entry_point: string }[]).map((p) => p.entry_point).sort()).toEqual(['ctor-bomb', 'discover-bomb', 'import-bomb']);
    c.send('ovos.tools.invoke', { name: 'explode', args: {} }, { request_id: 'explode' });
    expect((await answerTo(c, 'explode')).data.error).toMatch(/^RuntimeError: Tool execution failed for 'explode' in ToolBox 'runtime': TypeError: tool bomb/);
    c.send('ovos.tools.invoke', { name: 'hang', args: {} }, { request_id: 'hang' });
    c.send('ovos.tools.invoke', { name: 'echo', args: { a: 7 } }, { request_id: 'echo' });
    const echo = await answerTo(c, 'echo');
    expect(echo.data.result).toEqual({ result: 7 });
    const hang = await answerTo(c, 'hang');
    // the provider answered the later request while the hanging one was still running
    expect(c.frames.indexOf(echo)).toBeLessThan(c.frames.indexOf(hang));
    expect(hang.data).toMatchObject({ code: 'timeout', error: "TimeoutError: Tool 'hang' in ToolBox 'runtime' timed out after 1500 ms" });
    expect(serve.proc.exitCode).toBeNull();
  });

  test('reload while 1,000 invocations are in flight over the bus: each answered exactly once with its own result', async () => {
    const file = configFile({ max_concurrency: 2000, max_concurrency_per_toolbox: 2000 });
    const r = root();
    const serve = await serveOn(r, ['--embedded-bus', 'always', '--config', file]);
    const c = await connect(serve.url);
    await c.request('ovos.tools.list');
    for (let i = 0; i < 1000; i++) c.send('ovos.tools.invoke', { name: 'echo', args: { a: i, ms: 400 } }, { request_id: `flight-${i}` });
    r.addPackage('late-tools', toolboxEntry('late'), { 'index.js': toolboxSource('late', { late: '() => ({ result: "late" })' }) });
    const reload = await c.request('ovos.tools.reload', {}, 30_000);
    expect(reload.data.loaded).toEqual(['echo', 'late']);
    const deadline = Date.now() + 30_000;
    const answers = () => c.frames.filter((f) => f.type === 'ovos.tools.invoke.response' && String(f.context.request_id).startsWith('flight-'));
    while (answers().length < 1000 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    await new Promise((res) => setTimeout(res, 500));
    const got = answers();
    expect(got).toHaveLength(1000);
    for (const f of got) expect(f.data.result).toEqual({ result: Number(String(f.context.request_id).slice('flight-'.length)) });
    expect(new Set(got.map((f) => f.context.request_id)).size).toBe(1000);
    expect((await c.request('ovos.tools.invoke', { name: 'late', args: {} })).data.result).toEqual({ result: 'late' });
  });
});
