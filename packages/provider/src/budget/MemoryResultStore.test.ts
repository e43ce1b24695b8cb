import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MemoryResultStore } from './MemoryResultStore.js';
import type { PageOutcome, PutOutcome, ResultStore } from './ResultStore.js';

function handleOf(outcome: PutOutcome): string {
  if (!outcome.ok) throw new Error(outcome.error.error);
  return outcome.handle;
}

/** Every page of `handle` with `limit`, following nextOffset, concatenated. */
async function readAll(store: ResultStore, handle: string, owner: string, limit: number): Promise<{ text: string; pages: number }> {
  let offset: number | null = 0;
  let text = '';
  let pages = 0;
  while (offset !== null) {
    const page: PageOutcome = await store.page(handle, owner, offset, limit);
    if (!page.ok) throw new Error(page.error.error);
    expect(page.offset).toBe(offset);
    expect(page.text.length).toBeLessThanOrEqual(limit + 1); // +1 only to keep a surrogate pair whole
    text += page.text;
    offset = page.nextOffset;
    pages++;
  }
  return { text, pages };
}

function refusal(outcome: PageOutcome): { error: string; code: string; reason: string } {
  if (outcome.ok) throw new Error('expected a refusal');
  return { error: outcome.error.error, code: outcome.error.code, reason: outcome.reason };
}

describe('MemoryResultStore paging', () => {
  it('pages of a 5 MB result reassemble byte-identical, with emoji never split across pages', async () => {
    const store = new MemoryResultStore({ maxBytes: 64 * 1024 * 1024 });
    const full = JSON.stringify({ path: '/data/big.txt', content: 'line of text — é 😀\n'.repeat(250_000) });
    const put = await store.put('agent:alice', full);
    expect(put).toMatchObject({ ok: true, handle: expect.stringMatching(/^res_[A-Za-z0-9_-]{22}$/), expiresInS: 300 });
    for (const limit of [65_536, 99_991, 1_000_000]) {
      const { text, pages } = await readAll(store, handleOf(put), 'agent:alice', limit);
      expect(text === full).toBe(true);
      expect(Buffer.from(text, 'utf8').equals(Buffer.from(full, 'utf8'))).toBe(true);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(full.length / limit));
      expect(pages).toBeLessThanOrEqual(Math.ceil(full.length / (limit - 1)));
    }
  });

  it('a page ending between the halves of a surrogate pair stops before it; a one-character page keeps the pair', async () => {
    const store = new MemoryResultStore();
    const handle = handleOf(await store.put('o', 'ab😀cd'));
    expect(await store.page(handle, 'o', 0, 3)).toMatchObject({ ok: true, text: 'ab', nextOffset: 2, totalChars: 6 });
    expect(await store.page(handle, 'o', 2, 1)).toMatchObject({ ok: true, text: '😀', nextOffset: 4 });
    expect(await store.page(handle, 'o', 4, 10)).toMatchObject({ ok: true, text: 'cd', nextOffset: null });
  });

  it('refuses another owner, naming no content, and an unknown handle', async () => {
    const store = new MemoryResultStore();
    const handle = handleOf(await store.put('agent:alice', '{"secret":"s3cr3t"}'));
    const other = refusal(await store.page(handle, 'agent:mallory', 0, 100));
    expect(other).toEqual({ error: expect.stringMatching(/^PermissionError: Result handle "res_.*" belongs to another caller$/), code: 'forbidden', reason: 'forbidden' });
    expect(other.error).not.toContain('s3cr3t');
    expect(refusal(await store.page('res_AAAAAAAAAAAAAAAAAAAAAA', 'agent:alice', 0, 100))).toMatchObject({ code: 'invalid_request', reason: 'unknown', error: expect.stringContaining('Unknown result handle') });
    expect(refusal(await store.page(42 as unknown as string, 'agent:alice', 0, 100)).error).toContain("Invalid field 'handle': expected a string, received 42");
    expect(refusal(await store.page('x'.repeat(10_000), 'agent:alice', 0, 100)).error.length).toBeLessThan(300); // a hostile handle is not echoed whole
  });

  it('a handle expires after the TTL (fake clock): a clear error for its owner, unknown for anyone else', async () => {
    let now = 1_000_000;
    const store = new MemoryResultStore({ ttlMs: 60_000, now: () => now });
    const put = await store.put('agent:alice', '{"a":1}');
    expect(put).toMatchObject({ ok: true, expiresInS: 60 });
    now += 59_999;
    expect((await store.page(handleOf(put), 'agent:alice', 0, 10)).ok).toBe(true);
    now += 1;
    expect(refusal(await store.page(handleOf(put), 'agent:alice', 0, 10))).toEqual({
      error: expect.stringMatching(/^ValueError: Result handle "res_.*" has expired \(results are kept 60 s\); call the tool again$/),
      code: 'invalid_request',
      reason: 'expired',
    });
    expect(refusal(await store.page(handleOf(put), 'agent:mallory', 0, 10)).reason).toBe('unknown');
    expect(await store.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('paging does not extend the TTL', async () => {
    let now = 0;
    const store = new MemoryResultStore({ ttlMs: 1000, now: () => now });
    const handle = handleOf(await store.put('o', 'abc'));
    now = 900;
    expect((await store.page(handle, 'o', 0, 1)).ok).toBe(true);
    now = 1000;
    expect(refusal(await store.page(handle, 'o', 0, 1)).reason).toBe('expired');
  });

  it('refuses a bad offset or limit, naming the accepted range', async () => {
    const store = new MemoryResultStore({ maxPageChars: 1000 });
    const handle = handleOf(await store.put('o', 'x'.repeat(500)));
    for (const offset of [-1, 500, 501, 1.5, Number.NaN, '0']) {
      expect(refusal(await store.page(handle, 'o', offset as number, 10))).toMatchObject({
        reason: 'invalid_range',
        error: expect.stringContaining("Invalid field 'offset': expected an integer from 0 to 499 (the result has 500 characters)"),
      });
    }
    for (const limit of [0, -5, 1001, 2.5, 1e9]) {
      expect(refusal(await store.page(handle, 'o', 0, limit))).toMatchObject({ reason: 'invalid_range', error: expect.stringContaining("Invalid field 'limit': expected an integer from 1 to 1000") });
    }
  });
});

describe('MemoryResultStore limits', () => {
  it('evicts the least recently used result past maxEntries, and says so to its owner', async () => {
    const store = new MemoryResultStore({ maxEntries: 2 });
    const a = handleOf(await store.put('o', 'aaa'));
    const b = handleOf(await store.put('o', 'bbb'));
    expect((await store.page(a, 'o', 0, 3)).ok).toBe(true); // a is now the most recently used
    const c = handleOf(await store.put('o', 'ccc'));
    expect(refusal(await store.page(b, 'o', 0, 3))).toMatchObject({ reason: 'evicted', error: expect.stringContaining('dropped to make room for newer results') });
    expect((await store.page(a, 'o', 0, 3)).ok && (await store.page(c, 'o', 0, 3)).ok).toBe(true);
  });

  it('keeps its bytes within maxBytes, and one owner cannot push out another owner beyond its own share', async () => {
    const store = new MemoryResultStore({ maxBytes: 1_000_000, maxBytesPerOwner: 400_000 });
    const alice = handleOf(await store.put('alice', 'a'.repeat(100_000)));
    for (let i = 0; i < 50; i++) handleOf(await store.put('mallory', `${i}`.repeat(50_000)));
    expect((await store.stats()).bytes).toBeLessThanOrEqual(1_000_000);
    expect((await store.page(alice, 'alice', 0, 10)).ok).toBe(true);
  });

  it('refuses a result larger than one owner may keep, as an error value', async () => {
    const store = new MemoryResultStore({ maxBytes: 1_000_000 });
    const put = await store.put('o', 'x'.repeat(200_000));
    expect(put).toEqual({ ok: false, error: { error: expect.stringContaining('larger than the result store keeps for one caller (250000 bytes)'), code: 'overloaded' } });
    expect((await store.put(7 as unknown as string, 'x')).ok).toBe(false);
  });

  it('memory stays within the cap under 1,000 concurrent large results', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const maxBytes = 16 * 1024 * 1024;
    const store = new MemoryResultStore({ maxBytes, maxBytesPerOwner: maxBytes });
    gc();
    const before = process.memoryUsage().heapUsed;
    // 1,000 results of 256 KiB (500 KiB accounted each) from 50 callers at once: 250 MiB offered, 16 MiB kept
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => store.put(`agent:${i % 50}`, JSON.stringify({ i, data: String.fromCharCode(97 + (i % 26)).repeat(256 * 1024) }))),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const stats = await store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    expect(stats.entries).toBeGreaterThan(10);
    const last = outcomes.at(-1)!;
    expect((await store.page(handleOf(last), 'agent:49', 0, 20)).ok).toBe(true);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(maxBytes * 1.25);
    await store.clear();
    expect(await store.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('refuses nonsense limits at construction', () => {
    expect(() => new MemoryResultStore({ maxBytes: 0 })).toThrow(/maxBytes must be an integer from 1/);
    expect(() => new MemoryResultStore({ ttlMs: 2 * 86_400_000 })).toThrow(/ttlMs must be an integer from 1 to 86400000/);
    expect(() => new MemoryResultStore({ maxBytes: 100, maxBytesPerOwner: 200 })).toThrow(/maxBytesPerOwner must be an integer from 1 to 100/);
  });
});

describe('MemoryResultStore: eviction by owner', () => {
  it('with every entry taken, the owner holding the most gives up its own least recently used: 45 of one owner never push out another’s one', async () => {
    const store = new MemoryResultStore({ maxEntries: 8 });
    const alice = handleOf(await store.put('alice', '"alice"'));
    const mallory: string[] = [];
    for (let i = 0; i < 45; i++) mallory.push(handleOf(await store.put('mallory', `"m${i}"`)));
    expect((await store.page(alice, 'alice', 0, 5)).ok).toBe(true);
    expect((await store.stats()).entries).toBe(8);
    expect((await store.page(mallory[44]!, 'mallory', 0, 3)).ok).toBe(true);
    expect(refusal(await store.page(mallory[0]!, 'mallory', 0, 3))).toMatchObject({ reason: 'evicted' });
  });

  it('maxEntriesPerOwner caps one owner even when the store has room', async () => {
    const store = new MemoryResultStore({ maxEntries: 8, maxEntriesPerOwner: 2 });
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(handleOf(await store.put('o', `"${i}"`)));
    expect(refusal(await store.page(kept[0]!, 'o', 0, 3))).toMatchObject({ reason: 'evicted' });
    expect((await store.stats()).entries).toBe(2);
  });
});
