import { afterEach, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

const roots: PluginRoot[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) r.cleanup();
});

/** A root with a `slow` toolbox whose tools record concurrency in globalThis.__policy. */
function slowRoot(): PluginRoot {
  const r = makePluginRoot();
  roots.push(r);
  const state = `globalThis.__policy ??= { running: 0, max: 0, aborted: 0 };
const S = globalThis.__policy;
const sleep = (ms, signal) => new Promise((resolve) => { const t = setTimeout(resolve, ms); signal.addEventListener('abort', () => { clearTimeout(t); S.aborted++; resolve(); }); });
async function tracked(ms, signal) { S.running++; S.max = Math.max(S.max, S.running); try { await sleep(ms, signal); } finally { S.running--; } return { result: ms }; }`;
  r.addPackage('slow-tools', toolboxEntry('slow'), {
    'index.js': toolboxSource(
      'slow',
      {
        wait: '({ ms }, ctx) => tracked(ms ?? 50, ctx.signal)',
        hang: '() => new Promise(() => {})',
        hang_short: '() => new Promise(() => {})',
        quick_limit: '({ ms }, ctx) => tracked(ms ?? 50, ctx.signal)',
      },
      state,
    )
      .replace('"hang_short tool",', '"hang_short tool", timeoutMs: 5000,')
      .replace('"quick_limit tool",', '"quick_limit tool", timeoutMs: 100,'),
  });
  r.addPackage('other-tools', toolboxEntry('other'), { 'index.js': toolboxSource('other', { wait2: '({ ms }, ctx) => tracked(ms ?? 50, ctx.signal)' }, state) });
  return r;
}

const policyState = () => (globalThis as unknown as { __policy: { running: number; max: number; aborted: number } }).__policy;

describe('timeouts', () => {
  test('a hanging tool times out, its signal fires, and the provider stays responsive', async () => {
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { default_timeout_ms: 300 });
    try {
      const started = Date.now();
      const pending = ask('ovos.tools.invoke', { name: 'wait', args: { ms: 60_000 } }, {}, 10_000);
      expect(await ask('ovos.tools.list')).toHaveProperty('tools');
      const data = await pending;
      expect(data).toMatchObject({ name: 'wait', code: 'timeout', toolbox_id: 'slow' });
      expect(data.error).toBe("TimeoutError: Tool 'wait' in ToolBox 'slow' timed out after 300 ms");
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(policyState().aborted).toBeGreaterThanOrEqual(1);
      const hang = await ask('ovos.tools.invoke', { name: 'hang', args: {} }, {}, 10_000);
      expect(hang.code).toBe('timeout');
    } finally {
      await provider.close();
    }
  });

  test('tool_timeouts config wins over the tool’s own timeoutMs, which wins over the default', async () => {
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { default_timeout_ms: 60_000, tool_timeouts: { hang_short: 200 } });
    try {
      expect((await ask('ovos.tools.invoke', { name: 'hang_short', args: {} }, {}, 10_000)).error).toContain('timed out after 200 ms');
      expect(provider.policy.timeoutFor(provider.registry.lookup('hang_short')!)).toBe(200);
      expect(provider.policy.timeoutFor(provider.registry.lookup('wait')!)).toBe(60_000);
    } finally {
      await provider.close();
    }
  });
});

describe('one time limit per call', () => {
  test('a longer tool_timeouts is the only limit: the tool’s own shorter timeoutMs starts no second timer below the policy', async () => {
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { tool_timeouts: { quick_limit: 5_000 } });
    try {
      expect(provider.policy.timeoutFor(provider.registry.lookup('quick_limit')!)).toBe(5_000);
      // 400 ms is past the tool's own 100 ms, well within the configured 5 s: it runs to the end
      expect(await ask('ovos.tools.invoke', { name: 'quick_limit', args: { ms: 400 } }, {}, 10_000)).toMatchObject({ result: { result: 400 } });
    } finally {
      await provider.close();
    }
  });
});

describe('concurrency limits', () => {
  test('per toolbox: never more than max_concurrency_per_toolbox at once, all answered', async () => {
    policyState() && Object.assign(policyState(), { running: 0, max: 0 });
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { max_concurrency_per_toolbox: 2 });
    try {
      const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => ask('ovos.tools.invoke', { name: 'wait', args: { ms: 40 + i } }, {}, 10_000)));
      expect(replies.map((r) => r.result)).toEqual(Array.from({ length: 8 }, (_, i) => ({ result: 40 + i })));
      expect(policyState().max).toBe(2);
    } finally {
      await provider.close();
    }
  });

  test('global: max_concurrency spans toolboxes', async () => {
    Object.assign(policyState() ?? {}, { running: 0, max: 0 });
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { max_concurrency: 3, max_concurrency_per_toolbox: 10 });
    try {
      const calls = Array.from({ length: 10 }, (_, i) => ask('ovos.tools.invoke', { name: i % 2 ? 'wait' : 'wait2', args: { ms: 30 } }, {}, 10_000));
      const replies = await Promise.all(calls);
      expect(replies.every((r) => (r.result as { result: number }).result === 30)).toBe(true);
      expect(policyState().max).toBe(3);
    } finally {
      await provider.close();
    }
  });

  test('a full queue answers overloaded at once', async () => {
    const { provider, ask } = await startFakeProvider([slowRoot().dir], { max_concurrency_per_toolbox: 1, max_queue: 1 });
    try {
      const first = ask('ovos.tools.invoke', { name: 'wait', args: { ms: 300 } }, {}, 10_000);
      const second = ask('ovos.tools.invoke', { name: 'wait', args: { ms: 10 } }, {}, 10_000);
      const third = await ask('ovos.tools.invoke', { name: 'wait', args: { ms: 10 } }, {}, 10_000);
      expect(third.code).toBe('overloaded');
      expect(third.error).toMatch(/^RuntimeError: toolbox "slow" concurrency limit \(max_concurrency_per_toolbox\): 1 calls running and 1 waiting/);
      expect((await first).result).toEqual({ result: 300 });
      expect((await second).result).toEqual({ result: 10 });
    } finally {
      await provider.close();
    }
  });
});
