import type { JsonObject } from '@ovos-tools/core';
import type { ToolsProvider } from '@ovos-tools/provider';
import { endAfterEach, startFakeProvider } from './helpers/fakeProvider.js';
import { describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/** Tools every fixture toolbox has: `<id>_thread` (the worker thread it runs on), `<id>_spin`, `<id>_wait` (ms). */
const tools = (id: string) => ({
  [`${id}_thread`]: '() => ({ result: threadId })',
  [`${id}_spin`]: '() => { for (;;) {} }',
  [`${id}_wait`]: '({ ms }) => new Promise((r) => setTimeout(() => r({ result: "waited" }), ms))',
});
const withThreadId = "import { threadId } from 'node:worker_threads';";

const { track } = endAfterEach();
let root: PluginRoot | undefined;
let provider: ToolsProvider | undefined;

async function start(config: Record<string, unknown>, packages: Array<[name: string, id: string, source?: string]>) {
  root = track(makePluginRoot());
  for (const [name, id, source] of packages) root.addPackage(name, toolboxEntry(id), { 'index.js': source ?? toolboxSource(id, tools(id), withThreadId) });
  const started = await startFakeProvider([root.dir], { isolation: 'worker', warm_up: false, ...config });
  provider = track(started.provider);
  const invoke = (name: string, args: JsonObject = {}) => started.ask('ovos.tools.invoke', { name, args }, {}, 30_000);
  const thread = async (id: string) => ((await invoke(`${id}_thread`)).result as JsonObject).result as number;
  const health = (id: string) => started.provider.service.toolboxes().find((t) => t.toolboxId === id)!.health;
  return { report: started.report, invoke, thread, health };
}

describe('worker groups (worker_group): toolboxes sharing one worker thread', () => {
  test('toolboxes of one group share a worker; others keep their own; different heap limits never share', async () => {
    const sys = await start(
      { toolbox_hosts: { a: { worker_group: 'g' }, b: { worker_group: 'g' }, c: {}, d: { worker_group: 'g', memory_limit_mb: 64 } } },
      [
        ['a-tools', 'a'],
        ['b-tools', 'b'],
        ['c-tools', 'c'],
        ['d-tools', 'd'],
      ],
    );
    expect(sys.report.loaded.sort()).toEqual(['a', 'b', 'c', 'd']);
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(sys.thread));
    expect(a).toBe(b);
    expect(new Set([a, c, d]).size).toBe(3);
  });

  test('a call that does not stop ends the shared worker: its toolbox counts the crash, the other restarts as collateral', async () => {
    const sys = await start({ tool_timeouts: { a_spin: 300 }, kill_grace_ms: 100, max_restarts: 2, toolbox_hosts: { a: { worker_group: 'g' }, b: { worker_group: 'g' } } }, [
      ['a-tools', 'a'],
      ['b-tools', 'b'],
    ]);
    const before = await sys.thread('b');
    for (let i = 0; i < 2; i++) {
      const waiting = sys.invoke('b_wait', { ms: 5000 });
      expect(await sys.invoke('a_spin')).toMatchObject({ code: 'timeout' });
      const cut = await waiting;
      expect(cut).toMatchObject({ code: 'toolbox_crashed' });
      expect(cut.error).toMatch(/the worker it shares \(worker_group 'g'\) was ended to stop toolbox 'a'/);
      if (i === 0) expect(await sys.thread('b')).not.toBe(before); // b restarted in a fresh worker
    }
    // a crashed twice (max_restarts 2): unhealthy; b was only collateral: still serving
    expect(sys.health('a').state).toBe('unhealthy');
    expect(await sys.invoke('a_thread')).toMatchObject({ code: 'toolbox_unavailable' });
    expect(await sys.invoke('b_wait', { ms: 1 })).toMatchObject({ result: { result: 'waited' } }); // waits for its restart
    expect(sys.health('b')).toMatchObject({ state: 'ready', restarts: 2 });
  });

  test('a toolbox of the group that fails to load is reported; the others load in the same worker', async () => {
    const sys = await start({ toolbox_hosts: { a: { worker_group: 'g' }, bad: { worker_group: 'g' }, b: { worker_group: 'g' } } }, [
      ['a-tools', 'a'],
      ['bad-tools', 'bad', 'throw new Error("import exploded");'],
      ['b-tools', 'b'],
    ]);
    expect(sys.report.loaded.sort()).toEqual(['a', 'b']);
    expect(sys.report.problems.map((p) => p.error).join('\n')).toMatch(/toolbox "bad" \(bad-tools\) failed to import: Error: import exploded/);
    expect(await sys.thread('a')).toBe(await sys.thread('b'));
  });

  test('reload: a changed toolbox of the group gets a fresh worker (never its old code); the unchanged one keeps serving where it is', async () => {
    const sys = await start({ toolbox_hosts: { a: { worker_group: 'g' }, b: { worker_group: 'g' } } }, [
      ['a-tools', 'a'],
      ['b-tools', 'b'],
    ]);
    const shared = await sys.thread('a');
    root!.addPackage('a-tools', { ...toolboxEntry('a'), version: '2.0.0' }, { 'index.js': toolboxSource('a', { ...tools('a'), a_version: '() => ({ result: 2 })' }, withThreadId) });
    const report = await provider!.reload();
    expect(report.updated).toEqual(['a']);
    expect(await sys.invoke('a_version')).toMatchObject({ result: { result: 2 } });
    expect(await sys.thread('a')).not.toBe(shared);
    expect(await sys.thread('b')).toBe(shared);
    // removing the other toolbox releases the old worker; the changed one keeps serving
    root!.removePackage('b-tools');
    await provider!.reload();
    expect(await sys.invoke('a_version')).toMatchObject({ result: { result: 2 } });
  });

  test('bundled light toolboxes (shell among them) share the "ovos-tools" worker by default; web, a third-party one, or worker_group "" do not', async () => {
    const sys = await start({ toolbox_hosts: { 'ovos-skill-md-toolbox': { worker_group: '' } } }, [
      ['@ovos-tools/toolbox-clock', 'ovos-clock-tools'],
      ['@ovos-tools/toolbox-math', 'ovos-math-tools'],
      ['@ovos-tools/toolbox-skill-md', 'ovos-skill-md-toolbox'],
      ['@ovos-tools/toolbox-shell', 'ovos-shell-tools'],
      ['@ovos-tools/toolbox-web', 'ovos-web-search-tools'],
      ['not-ovos-filesystem', 'ovos-filesystem-tools'],
    ]);
    const ids = ['ovos-clock-tools', 'ovos-math-tools', 'ovos-skill-md-toolbox', 'ovos-shell-tools', 'ovos-web-search-tools', 'ovos-filesystem-tools'];
    const [clock, math, skill, shell, web, fs] = await Promise.all(ids.map(sys.thread));
    expect(clock).toBe(math);
    expect(shell).toBe(clock);
    expect(new Set([clock, skill, web, fs]).size).toBe(4);
  });
});
