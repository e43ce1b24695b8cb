import { describe, expect, it } from 'vitest';
import { MemoryResultStore } from './MemoryResultStore.js';
import { OutputBudgets } from './OutputBudgets.js';
import { resultOwner } from '../access/callerKeys.js';

describe('resultOwner: who may page a kept result', () => {
  it('an agent on any transport is the agent; without one, the session of that transport; the HTTP operator; nobody else', () => {
    expect(resultOwner({ transport: 'ovos-bus', agentId: 'agent:a', session: 's1' })).toBe('agent agent:a');
    expect(resultOwner({ transport: 'mcp', agentId: 'agent:a' })).toBe('agent agent:a');
    expect(resultOwner({ transport: 'ovos-bus', session: 's1' })).toBe('ovos-bus session s1');
    expect(resultOwner({ transport: 'mcp', session: 's1' })).toBe('mcp session s1'); // never the bus session of the same id
    expect(resultOwner({ transport: 'http', operator: true })).toBe('operator');
    expect(resultOwner({ transport: 'http' })).toBe('http anonymous');
    expect(resultOwner({ transport: 'in-process' })).toBe('in-process');
    expect(resultOwner({ transport: 'ovos-bus' })).toBeUndefined();
    expect(resultOwner({ transport: 'mcp' })).toBeUndefined();
  });
});

describe('OutputBudgets', () => {
  const budgets = new OutputBudgets({ store: new MemoryResultStore(), defaultMaxOutputChars: 5000, agentMaxOutputChars: (id) => (id === 'agent:small' ? 300 : undefined) });

  it('the request’s budget wins, then the agent’s, then the provider’s; a bad one names the range', () => {
    expect(budgets.choose({ transport: 'http', agentId: 'agent:small' }, 1000)).toEqual({ ok: true, maxChars: 1000 });
    expect(budgets.choose({ transport: 'http', agentId: 'agent:small' }, undefined)).toEqual({ ok: true, maxChars: 300 });
    expect(budgets.choose({ transport: 'http', agentId: 'agent:other' }, null)).toEqual({ ok: true, maxChars: 5000 });
    expect(new OutputBudgets({ store: new MemoryResultStore() }).choose({ transport: 'http' }, undefined)).toEqual({ ok: true, maxChars: undefined });
    for (const bad of [105, 0, -1, 1.5, '300', Number.NaN, 2 ** 31]) {
      expect(budgets.choose({ transport: 'http' }, bad)).toMatchObject({ ok: false, error: { code: 'invalid_request', error: expect.stringContaining("Invalid field 'max_output_chars': expected an integer from 106 to 2147483647") } });
    }
  });

  it('keeps a cut result for its owner only; a caller with no owner key gets a marker without a handle', async () => {
    const big = { text: 'x'.repeat(5000) };
    const kept = await budgets.apply(big, 200, undefined, { transport: 'ovos-bus', session: 'kitchen' });
    if (!kept.ok || !kept.truncated?.handle) throw new Error('expected a kept cut');
    expect(kept.truncated).toEqual({ originalChars: 5011, handle: expect.stringMatching(/^res_/), expiresInS: 300 });
    expect(await budgets.page({ handle: kept.truncated.handle, caller: { transport: 'ovos-bus', session: 'kitchen' }, limit: 9 })).toEqual({ ok: true, text: '{"text":"', offset: 0, nextOffset: 9, totalChars: 5011 });
    expect(await budgets.page({ handle: kept.truncated.handle, caller: { transport: 'ovos-bus', session: 'bedroom' } })).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await budgets.page({ handle: kept.truncated.handle, caller: { transport: 'ovos-bus' } })).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await budgets.apply(big, 200, undefined, { transport: 'ovos-bus' })).toEqual({ ok: true, result: expect.any(Object), truncated: { originalChars: 5011 } });
  });

  it('a page defaults to 100,000 characters, or to the caller’s configured budget when lower', async () => {
    const caller = { transport: 'mcp' as const, agentId: 'agent:small' };
    const kept = await budgets.apply({ text: 'y'.repeat(200_000) }, 300, undefined, caller);
    if (!kept.ok || !kept.truncated?.handle) throw new Error('expected a kept cut');
    const page = await budgets.page({ handle: kept.truncated.handle, caller });
    expect(page.ok && page.text.length).toBe(300);
    const operator = await budgets.apply({ text: 'y'.repeat(200_000) }, 300, undefined, { transport: 'http' });
    const provided = await budgets.page({ handle: operator.ok ? operator.truncated!.handle! : '', caller: { transport: 'http' } });
    expect(provided.ok && provided.text.length).toBe(5000); // the provider's max_output_chars
    const unlimited = new OutputBudgets({ store: new MemoryResultStore() });
    const cut = await unlimited.apply({ text: 'y'.repeat(200_000) }, 300, undefined, { transport: 'http' });
    const big = await unlimited.page({ handle: cut.ok ? cut.truncated!.handle! : '', caller: { transport: 'http' } });
    expect(big.ok && big.text.length).toBe(100_000);
  });
});
