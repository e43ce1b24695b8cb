import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FakeBus, Message, silentLogger, type ChatEngine, type JsonObject } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/** A provider on a FakeBus with toolboxes in worker threads (or processes), and helpers that record answer order. */
async function start(roots: string[], config: Record<string, unknown>, brain: ChatEngine | null = null) {
  const bus = new FakeBus();
  const provider = new ToolsProvider({ bus, pluginRoots: roots, settings: parseProviderConfig({ federation: false, ...config }), logger: silentLogger, logLevel: 'silent', brain });
  const report = await provider.start();
  const order: string[] = [];
  const ask = async (type: string, data: JsonObject = {}, label = type, context: JsonObject = {}): Promise<JsonObject> => {
    const reply = await bus.waitForResponse(new Message(type, data, context), undefined, 60_000);
    if (!reply) throw new Error(`no reply to ${type}`);
    order.push(label);
    return reply.data;
  };
  const invoke = (name: string, args: JsonObject = {}, label = name) => ask('ovos.tools.invoke', { name, args }, label);
  return { bus, provider, report, ask, invoke, order };
}

const SPIN = `() => { const end = Date.now() + 60000; while (Date.now() < end) {} return { result: 'spun' }; }`;
const HOG = `() => { const keep = []; for (;;) keep.push(new Array(100000).fill(Math.random())); }`;

describe('worker hosts: a toolbox cannot stall, crash or starve the provider', () => {
  let root: PluginRoot;
  let sys: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    root = makePluginRoot();
    root.addPackage('spin-tools', toolboxEntry('spin'), {
      'index.js': toolboxSource('spin', { spin: SPIN, hog: HOG, quit: '() => process.exit(7)', alive: '() => ({ result: "alive" })' }),
    });
    root.addPackage('other-tools', toolboxEntry('other'), { 'index.js': toolboxSource('other', { ping: '() => ({ result: "pong" })' }) });
    root.addPackage('exit-tools', toolboxEntry('exiter'), { 'index.js': 'process.exit(3);' });
    root.addPackage('throw-tools', toolboxEntry('thrower'), { 'index.js': 'throw new Error("import exploded");' });
    root.addPackage('garbage-tools', toolboxEntry('garbage'), {
      'index.js': 'import { parentPort } from "node:worker_threads";\nparentPort.postMessage({ hello: "not the protocol" });\nawait new Promise(() => {});',
    });
    sys = await start([root.dir], {
      isolation: 'worker',
      tool_timeouts: { spin: 1500 },
      kill_grace_ms: 200,
      max_restarts: 50,
      toolbox_hosts: { spin: { memory_limit_mb: 48 } },
    });
  });
  afterAll(async () => {
    await sys?.provider.close();
    root?.cleanup();
  });

  test('toolboxes that exit, throw or send garbage while loading are reported; the others load', () => {
    expect(sys.report.loaded.sort()).toEqual(['other', 'spin']);
    const problems = Object.fromEntries(sys.report.problems.map((p) => [p.entryPoint, p.error]));
    expect(problems.exiter).toMatch(/toolbox "exiter" \(exit-tools\) failed to import: its worker stopped before announcing its tools: its worker exited with code 3/);
    expect(problems.thrower).toMatch(/failed to import: Error: import exploded/);
    expect(problems.garbage).toMatch(/failed to import: its worker sent a message that is not part of the host protocol/);
  });

  test('a tool spinning for 60 s: other toolboxes, list and get answer first; it is answered timeout; its host restarts', async () => {
    const spinning = sys.invoke('spin', {}, 'spin');
    const others = await Promise.all([sys.invoke('ping', {}, 'ping'), sys.ask('ovos.tools.list', {}, 'list'), sys.ask('ovos.tools.get', { name: 'spin' }, 'get')]);
    expect(others[0]).toMatchObject({ result: { result: 'pong' } });
    expect((others[1].tools as JsonObject[]).map((t) => t.name)).toContain('spin');
    expect(others[2]).toMatchObject({ name: 'spin', toolbox_id: 'spin' });
    const spun = await spinning;
    expect(spun).toMatchObject({ name: 'spin', code: 'timeout', toolbox_id: 'spin' });
    expect(spun.error).toBe("TimeoutError: Tool 'spin' in ToolBox 'spin' timed out after 1500 ms");
    expect(sys.order.indexOf('spin')).toBeGreaterThan(Math.max(sys.order.indexOf('ping'), sys.order.indexOf('list'), sys.order.indexOf('get')));
    expect(await sys.invoke('alive')).toMatchObject({ result: { result: 'alive' } });
    const status = sys.provider.service.toolboxes().find((t) => t.toolboxId === 'spin')!;
    expect(status.kind).toBe('worker');
    expect(status.health.restarts).toBeGreaterThanOrEqual(1);
    expect(status.health.lastError).toMatch(/did not stop within 200 ms of being cut off \(kill_grace_ms\)/);
  });

  test('a burst of calls crosses the channel in batches: each is answered, one with arguments that cannot be cloned fails alone', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sys.provider.service.invoke({ name: 'ping', args: i === 7 ? { callback: () => 1 } : {} })),
    );
    outcomes.forEach((outcome, i) => {
      if (i === 7) expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_arguments', error: expect.stringMatching(/^ValueError: Tool 'ping' in ToolBox 'other' got arguments that cannot be sent to its host: /) } });
      else expect(outcome).toMatchObject({ ok: true, result: { result: 'pong' }, toolboxId: 'other' });
    });
  });

  test('a tool that allocates without bound gets an error naming the memory limit; the next call works', async () => {
    const hog = await sys.invoke('hog');
    expect(hog).toMatchObject({ name: 'hog', code: 'toolbox_crashed', toolbox_id: 'spin' });
    expect(hog.error).toMatch(/ToolBox 'spin' crashed during the call: it passed its memory limit of 48 MB \(memory_limit_mb\)/);
    expect(await sys.invoke('ping')).toMatchObject({ result: { result: 'pong' } });
    expect(await sys.invoke('alive')).toMatchObject({ result: { result: 'alive' } });
  });

  test('a tool that calls process.exit() ends only its own host: a clear error, then the next call works', async () => {
    const quit = await sys.invoke('quit');
    expect(quit).toMatchObject({ code: 'toolbox_crashed' });
    expect(quit.error).toMatch(/its worker exited with code 7/);
    expect(await sys.invoke('alive')).toMatchObject({ result: { result: 'alive' } });
  });

  test('the per-toolbox topic goes through the same policy: a spinning call there times out too', async () => {
    const reply = await sys.ask('ovos.persona.tools.spin.call', { name: 'spin', kwargs: {} });
    expect(reply).toMatchObject({ code: 'timeout', toolbox_id: 'spin' });
    expect(await sys.ask('ovos.persona.tools.spin.call', { name: 'alive', kwargs: {} })).toEqual({ result: { result: 'alive' }, toolbox_id: 'spin' });
  });
});

describe('worker hosts: what a toolbox receives still works across the boundary', () => {
  test('config, request context, the chat engine and a reduced environment', async () => {
    const root = makePluginRoot();
    process.env.OVOS_TOOLS_TEST_SECRET = 'do-not-leak';
    process.env.OVOS_TOOLS_TEST_GRANTED = 'granted-value';
    root.addPackage('probe-tools', toolboxEntry('probe'), {
      'index.js': toolboxSource('probe', {
        probe: `async (_a, ctx) => ({ result: {
          greeting: ctx.config.greeting,
          session: ctx.context.session ?? null,
          secret: process.env.OVOS_TOOLS_TEST_SECRET ?? null,
          granted: process.env.OVOS_TOOLS_TEST_GRANTED ?? null,
          chat: (await globalThis.__probeBrain.continueChat([{ role: 'user', content: 'hi' }])).content,
          plugins: globalThis.__probeRoots,
        } })`,
      }).replace('discoverTools() {', 'discoverTools() { globalThis.__probeBrain = this.brain; globalThis.__probeRoots = this.pluginRoots;'),
    });
    const brain: ChatEngine = { continueChat: async (messages) => ({ content: `echo: ${messages.at(-1)!.content}` }) };
    const sys = await start([root.dir], { isolation: 'worker', probe: { greeting: 'olá' }, toolbox_hosts: { probe: { env: ['OVOS_TOOLS_TEST_GRANTED'] } } }, brain);
    try {
      const reply = await sys.ask('ovos.tools.invoke', { name: 'probe', args: {} }, 'probe', { session: { session_id: 'kitchen' } });
      expect(reply.result).toEqual({
        result: { greeting: 'olá', session: { session_id: 'kitchen' }, secret: null, granted: 'granted-value', chat: 'echo: hi', plugins: [root.dir] },
      });
    } finally {
      await sys.provider.close();
      root.cleanup();
      delete process.env.OVOS_TOOLS_TEST_SECRET;
      delete process.env.OVOS_TOOLS_TEST_GRANTED;
    }
  });

  test('a host that never finishes its handshake is reported after import_timeout_ms; the others answer', async () => {
    const root = makePluginRoot();
    root.addPackage('silent-tools', toolboxEntry('silent'), { 'index.js': 'await new Promise(() => {});\nexport class Toolbox {}' });
    root.addPackage('other-tools', toolboxEntry('other'), { 'index.js': toolboxSource('other', { ping: '() => ({ result: "pong" })' }) });
    // `other` runs inline so that only the silent worker races the (short) handshake limit on a loaded machine
    const sys = await start([root.dir], { isolation: 'worker', import_timeout_ms: 2000, toolbox_hosts: { other: { isolation: 'inline' } } });
    try {
      expect(sys.report.loaded, JSON.stringify(sys.report.problems)).toEqual(['other']);
      expect(sys.report.problems).toEqual([expect.objectContaining({ entryPoint: 'silent', error: expect.stringMatching(/its worker did not announce its tools within 2000 ms \(import_timeout_ms\)/) })]);
      expect(await sys.invoke('ping')).toMatchObject({ result: { result: 'pong' } });
    } finally {
      await sys.provider.close();
      root.cleanup();
    }
  });

  test('a toolbox that crashes repeatedly is unhealthy, shown in list problems, until the next reload', async () => {
    const root = makePluginRoot();
    root.addPackage('flaky-tools', toolboxEntry('flaky'), { 'index.js': toolboxSource('flaky', { quit: '() => process.exit(9)', alive: '() => ({ result: "alive" })' }) });
    const sys = await start([root.dir], { isolation: 'worker', max_restarts: 2 });
    try {
      expect(await sys.invoke('quit')).toMatchObject({ code: 'toolbox_crashed' });
      expect(await sys.invoke('alive')).toMatchObject({ result: { result: 'alive' } });
      expect(await sys.invoke('quit')).toMatchObject({ code: 'toolbox_crashed' });
      const refused = await sys.invoke('alive');
      expect(refused).toMatchObject({ code: 'toolbox_unavailable' });
      expect(refused.error).toMatch(/ToolBox 'flaky' is unavailable: it crashed 2 times within a minute .*unhealthy until the next reload/);
      const list = await sys.ask('ovos.tools.list');
      expect(list.problems).toEqual([expect.objectContaining({ entry_point: 'flaky', error: expect.stringContaining("toolbox 'flaky' is unhealthy") })]);
      await sys.ask('ovos.tools.reload');
      expect(await sys.invoke('alive')).toMatchObject({ result: { result: 'alive' } });
    } finally {
      await sys.provider.close();
      root.cleanup();
    }
  });
});

describe('reload frees what it replaces and never leaves the old generation answering', () => {
  test('a per-toolbox call and a discover sent during a reload, with an old call in flight, each get exactly one answer', async () => {
    const root = makePluginRoot();
    const dir = root.addPackage('gate-tools', toolboxEntry('gate'), {
      'index.js': toolboxSource('gate', { wait: '(a) => new Promise((r) => setTimeout(() => r({ result: "waited" }), a.ms))', version: '() => ({ result: "v1" })' }),
    });
    const sys = await start([root.dir], { isolation: 'worker' });
    const calls = sys.bus;
    const callReplies: Message[] = [];
    const discoverReplies: Message[] = [];
    calls.on('ovos.persona.tools.gate.call.response', (m) => void callReplies.push(m));
    calls.on('ovos.persona.tools.discover.response', (m) => void discoverReplies.push(m));
    try {
      const oldHost = sys.provider.registry.toolboxes[0]!.host;
      const inFlight = sys.invoke('wait', { ms: 600 });
      writeFileSync(path.join(dir, 'index.js'), toolboxSource('gate', { wait: '() => ({ result: "new" })', version: '() => ({ result: "v2" })' }));
      const reloading = sys.ask('ovos.tools.reload');
      const during = await Promise.all([sys.ask('ovos.persona.tools.gate.call', { name: 'version', kwargs: {} }), sys.ask('ovos.persona.tools.discover')]);
      const reload = await reloading;
      expect(reload).toMatchObject({ updated: ['gate'] });
      expect(['v1', 'v2']).toContain((during[0].result as JsonObject).result);
      expect(await inFlight).toMatchObject({ result: { result: 'waited' } });
      const after = await sys.ask('ovos.persona.tools.gate.call', { name: 'version', kwargs: {} });
      expect(after).toEqual({ result: { result: 'v2' }, toolbox_id: 'gate' });
      await sys.ask('ovos.persona.tools.discover');
      await new Promise((r) => setTimeout(r, 50));
      expect(callReplies).toHaveLength(2);
      expect(discoverReplies).toHaveLength(2);
      expect(calls.listenerCount('ovos.persona.tools.gate.call')).toBe(1);
      // the replaced host is closed once its last call ended
      await new Promise((r) => setTimeout(r, 100));
      expect(oldHost.health().state).toBe('closed');
      expect(sys.provider.registry.toolboxes[0]!.host).not.toBe(oldHost);
    } finally {
      await sys.provider.close();
      root.cleanup();
    }
  });
});

describe('process hosts', () => {
  test('a toolbox in its own Node process: calls work, the permission model and the reduced environment hold', async () => {
    const root = makePluginRoot();
    process.env.OVOS_TOOLS_TEST_SECRET = 'do-not-leak';
    root.addPackage('proc-tools', toolboxEntry('proc'), {
      'index.js': toolboxSource(
        'proc',
        {
          where: '() => ({ result: { pid: process.pid, secret: process.env.OVOS_TOOLS_TEST_SECRET ?? null } })',
          snoop: '() => { try { readFileSync("/etc/hostname"); return { result: "read" }; } catch (e) { return { result: e.code }; } }',
          spawn: '() => { try { execFileSync("true"); return { result: "spawned" }; } catch (e) { return { result: e.code }; } }',
          hog: HOG,
        },
        'import { readFileSync } from "node:fs";\nimport { execFileSync } from "node:child_process";',
      ),
    });
    const sys = await start([root.dir], { isolation: 'process', toolbox_hosts: { proc: { memory_limit_mb: 64 } } });
    try {
      expect(sys.provider.service.toolboxes()[0]).toMatchObject({ toolboxId: 'proc', kind: 'process' });
      const where = (await sys.invoke('where')).result as { result: { pid: number; secret: unknown } };
      expect(where.result.pid).not.toBe(process.pid);
      expect(where.result.secret).toBeNull();
      expect(await sys.invoke('snoop')).toMatchObject({ result: { result: 'ERR_ACCESS_DENIED' } });
      expect(await sys.invoke('spawn')).toMatchObject({ result: { result: 'ERR_ACCESS_DENIED' } });
      const hog = await sys.invoke('hog');
      expect(hog).toMatchObject({ code: 'toolbox_crashed' });
      expect(hog.error).toMatch(/memory limit of 64 MB|process was killed by SIGABRT|exited with code 134/);
      expect((await sys.invoke('where')).result).toMatchObject({ result: { secret: null } });
    } finally {
      await sys.provider.close();
      root.cleanup();
      delete process.env.OVOS_TOOLS_TEST_SECRET;
    }
  });
});
