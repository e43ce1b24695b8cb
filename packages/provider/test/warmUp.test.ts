import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JsonObject } from '@ovos-tools/core';
import type { ToolsProvider } from '@ovos-tools/provider';
import { endAfterEach, startFakeProvider } from './helpers/fakeProvider.js';
import { describe, expect, test, vi } from 'vitest';
import { makePluginRoot, toolboxEntry, type PluginRoot } from './helpers/pluginRoot.js';

/** A toolbox whose warm-up takes 300 ms and counts itself; `state` reports it, `quit` ends its runtime. */
const WARMING_TOOLBOX = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
let warmUps = 0;
let warmed = false;
const tool = (name, toolCall) => new AgentTool({ name, description: name + ' tool', argumentSchema: Type.Object({}),
  outputSchema: Type.Object({ warmUps: Type.Integer(), warmed: Type.Boolean() }), toolCall });
export class Toolbox extends ToolBox {
  static toolboxId = 'warming';
  discoverTools() {
    return [tool('state', () => ({ warmUps, warmed })), tool('quit', () => process.exit(9))];
  }
  async warmUp() {
    warmUps++;
    if (this.config.fail) throw new Error('the engine is missing');
    await new Promise((r) => setTimeout(r, 300));
    await super.warmUp();
    warmed = true;
  }
}
`;

const { track } = endAfterEach();
let root: PluginRoot | undefined;
let provider: ToolsProvider | undefined;

async function start(config: Record<string, unknown>) {
  root = track(makePluginRoot());
  root.addPackage('warming-tools', toolboxEntry('warming'), { 'index.js': WARMING_TOOLBOX });
  const started = await startFakeProvider([root.dir], config, { logLevel: 'warn' });
  provider = track(started.provider);
  const invoke = (name: string) => started.ask('ovos.tools.invoke', { name, args: {} }, {}, 30_000);
  /** Polls `state` until the warm-up finished (or 15 s passed). */
  const warmedState = async () => {
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const state = (await invoke('state')).result as JsonObject;
      if (state.warmed) return state;
    }
    return (await invoke('state')).result as JsonObject;
  };
  return { invoke, warmedState };
}

describe('warm-up (warm_up): each new host runs its toolbox warmUp() in the background once serving and idle', () => {
  test('worker host: a call right after serving runs before any warm-up; once idle the warm-up runs once, and again after a restart', async () => {
    const sys = await start({ isolation: 'worker' });
    expect((await sys.invoke('state')).result).toEqual({ warmUps: 0, warmed: false });
    expect(await sys.warmedState()).toEqual({ warmUps: 1, warmed: true });
    expect(await sys.invoke('quit')).toMatchObject({ code: 'toolbox_crashed' });
    expect(await sys.warmedState()).toEqual({ warmUps: 1, warmed: true }); // a fresh runtime, warmed by itself
    expect(provider!.service.toolboxes().find((t) => t.toolboxId === 'warming')!.health.restarts).toBe(1);
  });

  test('inline host: warmed on the provider thread', async () => {
    const sys = await start({ isolation: 'inline' });
    expect(await sys.warmedState()).toEqual({ warmUps: 1, warmed: true });
  });

  test('warm_up false: nothing is warmed', async () => {
    const sys = await start({ isolation: 'worker', warm_up: false });
    await new Promise((r) => setTimeout(r, 600));
    expect((await sys.invoke('state')).result).toEqual({ warmUps: 0, warmed: false });
  });

  test('a warm-up that fails is a warning in the toolbox log; the tools still work', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true));
    try {
      const sys = await start({ isolation: 'worker', warming: { fail: true } });
      for (const until = Date.now() + 15_000; !lines.some((l) => l.includes('could not warm up')) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
      expect(lines.join('')).toMatch(/WARN \[warming\] toolbox 'warming' could not warm up \(the engine is missing\); its tools load what they need on first use/);
      expect((await sys.invoke('state')).result).toEqual({ warmUps: 1, warmed: false });
    } finally {
      spy.mockRestore();
    }
  });

  test('a reload keeps a warm unchanged host and does not warm it again', async () => {
    const sys = await start({ isolation: 'worker' });
    expect(await sys.warmedState()).toEqual({ warmUps: 1, warmed: true });
    await provider!.reload();
    await new Promise((r) => setTimeout(r, 500));
    expect((await sys.invoke('state')).result).toEqual({ warmUps: 1, warmed: true });
  });
});

describe('a worker host closed while its warm-up runs', () => {
  test('is ended only after the warm-up (which may be importing) has ended: no worker is terminated mid-import', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-warm-close-'));
    try {
      const source = `import { writeFileSync } from 'node:fs';
import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'slow-warm';
  discoverTools() {
    return [new AgentTool({ name: 'noop', description: 'noop tool', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) })];
  }
  async warmUp() {
    writeFileSync(${JSON.stringify(path.join(dir, 'started'))}, '');
    await new Promise((r) => setTimeout(r, 600));
    writeFileSync(${JSON.stringify(path.join(dir, 'done'))}, '');
  }
}
`;
      root = track(makePluginRoot());
      root.addPackage('slow-warm-tools', toolboxEntry('slow-warm'), { 'index.js': source });
      const started = await startFakeProvider([root.dir], { isolation: 'worker' }, { logLevel: 'warn' });
      for (const until = Date.now() + 15_000; !existsSync(path.join(dir, 'started')) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(path.join(dir, 'started'))).toBe(true);
      await started.provider.close();
      expect(existsSync(path.join(dir, 'done'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
