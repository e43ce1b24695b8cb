import { describe, expect, it } from 'vitest';
import { applyOutputBudget } from './applyOutputBudget.js';
import { MemoryResultStore } from './MemoryResultStore.js';
import { MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';

const big = { path: '/var/log/syslog', content: 'x'.repeat(50_000) };

describe('applyOutputBudget', () => {
  it('cuts, keeps the full result for its owner and builds the truncated marker; the pages give back the full result', async () => {
    const store = new MemoryResultStore();
    const outcome = await applyOutputBudget(big, 500, { store, owner: 'agent:alice' });
    if (!outcome.ok || !outcome.truncated) throw new Error('expected a cut result');
    expect(JSON.stringify(outcome.result).length).toBeLessThanOrEqual(500);
    const marker = outcome.truncated;
    expect(marker).toEqual({ original_chars: JSON.stringify(big).length, handle: expect.stringMatching(/^res_/), expires_in_s: 300 });
    // the answer stays within the budget plus the envelope's own size
    expect(`"truncated":${JSON.stringify(marker)}`.length).toBeLessThanOrEqual(MIN_OUTPUT_BUDGET_CHARS);
    let text = '';
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await store.page(marker.handle!, 'agent:alice', offset, 7000);
      if (!page.ok) throw new Error(page.error.error);
      text += page.text;
      offset = page.nextOffset;
    }
    expect(text).toBe(JSON.stringify(big));
    expect((await store.page(marker.handle!, 'agent:bob', 0, 10)).ok).toBe(false);
  });

  it('leaves a result within budget alone, with no marker and nothing kept', async () => {
    const store = new MemoryResultStore();
    const result = { ok: true };
    expect(await applyOutputBudget(result, 500, { store, owner: 'o' })).toEqual({ ok: true, result });
    expect((await store.stats()).entries).toBe(0);
  });

  it('without a store, or when the store cannot keep it, the marker has no handle (and says why for logs)', async () => {
    expect(await applyOutputBudget(big, 500)).toMatchObject({ ok: true, truncated: { original_chars: JSON.stringify(big).length } });
    const tiny = new MemoryResultStore({ maxBytes: 10_000 });
    const outcome = await applyOutputBudget(big, 500, { store: tiny, owner: 'o' });
    expect(outcome).toMatchObject({ ok: true, truncated: { original_chars: JSON.stringify(big).length }, keepError: { code: 'overloaded' } });
    expect(outcome.ok && outcome.truncated && 'handle' in outcome.truncated).toBe(false);
  });

  it('passes refusals through: a budget below the envelope, a schema no cut can match', async () => {
    expect(await applyOutputBudget(big, 50)).toMatchObject({ ok: false, error: { code: 'invalid_request', error: expect.stringContaining(`from ${MIN_OUTPUT_BUDGET_CHARS} to`) } });
    const pinned = { type: 'object', required: ['content'], properties: { content: { type: 'string', pattern: '^x+$' } } };
    expect(await applyOutputBudget(big, 500, { outputSchema: pinned })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
