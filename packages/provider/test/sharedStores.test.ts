import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { hashCredential, MemoryResultStore, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer } from '@ovos-tools/provider/http';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { RedisConfirmationStore } from '../src/state/RedisConfirmationStore.js';
import { RedisResultStore, type RedisResultStoreOptions } from '../src/state/RedisResultStore.js';
import { RedisState } from '../src/state/RedisState.js';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { startRedis, type RedisServer } from './helpers/redisServer.mjs';
import { freePort } from './helpers/serve.js';

/**
 * Result handles and confirm-token uses in the Redis replicas share (issue 31): a handle kept by one replica pages on
 * another, exactly as the in-memory store pages it (non-ASCII and surrogate pairs included), for its owner only,
 * within the byte and entry caps and the TTL; a token's use recorded once across replicas, and never accepted twice
 * after Redis lost its records; Redis down refusing what needs it. Two connections stand for two replicas here (the
 * e2e scale test runs three real ones behind HAProxy). Needs Debian's redis-server.
 */
const skipReason = inject('redisSkipReason');
if (skipReason) process.stdout.write(`[sharedStores.test] skipped: ${skipReason}\n`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(Boolean(skipReason))('shared stores in Redis', () => {
  let redis: RedisServer;
  const states: RedisState[] = [];
  let prefixSeq = 0;

  /** One "replica" connection, on `prefix` (each test its own, so tests never see each other's keys). */
  async function connect(prefix: string, server = redis): Promise<RedisState> {
    const state = new RedisState({ url: server.url, keyPrefix: prefix, commandTimeoutMs: 500 }, silentLogger);
    states.push(state);
    return state;
  }
  async function resultStores(options: RedisResultStoreOptions = {}): Promise<[RedisResultStore, RedisResultStore]> {
    const prefix = `r${++prefixSeq}:`;
    const [a, b] = [await connect(prefix), await connect(prefix)];
    const stores: [RedisResultStore, RedisResultStore] = [new RedisResultStore(a, options), new RedisResultStore(b, options)];
    await a.start();
    await b.start();
    return stores;
  }

  beforeAll(async () => {
    redis = await startRedis(await freePort());
  });
  afterAll(async () => {
    for (const s of states) await s.close();
    await redis?.kill();
  });

  describe('RedisResultStore', () => {
    test('a handle kept by one replica pages on another, page for page as the in-memory store pages it (Latin-1, non-Latin, surrogate pairs)', async () => {
      const [a, b] = await resultStores();
      const memory = new MemoryResultStore();
      const texts = {
        ascii: JSON.stringify({ rows: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `row ${i}` })) }),
        latin1: JSON.stringify({ text: 'Café crème brûlée — no: ½ ¼ ¾ ÿ'.slice(0, 20) + 'Ünïcödé ÿ' }),
        bmp: JSON.stringify({ text: 'Привет, 世界! ✓ — €100 ' + 'ß'.repeat(5) }),
        astral: JSON.stringify({ text: '😀a😀😀b🎉'.repeat(5), more: '𝄞 clef', mixed: 'é😀ü' }),
      };
      for (const [kind, text] of Object.entries(texts)) {
        const kept = await a.put('agent kid', text);
        const mem = await memory.put('agent kid', text);
        expect(kept).toMatchObject({ ok: true, handle: expect.stringMatching(/^res_[A-Za-z0-9_-]{22}$/), expiresInS: 300 });
        if (!kept.ok || !mem.ok) throw new Error('not kept');
        for (const limit of [1, 2, 3, 7, 64, 1_000_000]) {
          for (let offset = 0; offset < text.length; offset += Math.max(1, Math.floor(text.length / 9))) {
            const got = await b.page(kept.handle, 'agent kid', offset, limit);
            const want = await memory.page(mem.handle, 'agent kid', offset, limit);
            expect({ kind, offset, limit, got }).toEqual({ kind, offset, limit, got: want });
          }
        }
        // following next_offset from 0 gives the text back exactly
        let whole = '';
        for (let offset: number | null = 0; offset !== null; ) {
          const page = await b.page(kept.handle, 'agent kid', offset, 5);
          if (!page.ok) throw new Error(page.error.error);
          whole += page.text;
          offset = page.nextOffset;
        }
        expect(whole).toBe(text);
      }
    });

    test("only the owner pages it: another caller's handle is forbidden, unknown handles and bad ranges are refused as the in-memory store refuses them", async () => {
      const [a, b] = await resultStores({ maxPageChars: 100 });
      const memory = new MemoryResultStore({ maxPageChars: 100 });
      const text = JSON.stringify({ note: 'owned 😀' });
      const kept = await a.put('agent kid', text);
      const mem = await memory.put('agent kid', text);
      if (!kept.ok || !mem.ok) throw new Error('not kept');
      const same = async (handle: [string, string], owner: string, offset: number, limit: number) => {
        const got = await b.page(handle[0], owner, offset, limit);
        const want = await memory.page(handle[1], owner, offset, limit);
        // the handle itself is named in some texts: compare with it masked
        expect(JSON.parse(JSON.stringify(got).replaceAll(handle[0], 'H'))).toEqual(JSON.parse(JSON.stringify(want).replaceAll(handle[1], 'H')));
        return got;
      };
      const both: [string, string] = [kept.handle, mem.handle];
      expect(await same(both, 'agent other', 0, 10)).toMatchObject({ ok: false, reason: 'forbidden', error: { code: 'forbidden' } });
      expect(await same(both, 'agent other', 0, 0)).toMatchObject({ reason: 'forbidden' }); // the owner check comes before the range's
      expect(await same(both, 'agent kid', 0, 0)).toMatchObject({ reason: 'invalid_range', error: { error: expect.stringContaining("Invalid field 'limit'") } });
      expect(await same(both, 'agent kid', 0, 101)).toMatchObject({ reason: 'invalid_range' });
      expect(await same(both, 'agent kid', text.length, 10)).toMatchObject({ reason: 'invalid_range', error: { error: expect.stringContaining(`the result has ${text.length} characters`) } });
      expect(await same(both, 'agent kid', -1, 10)).toMatchObject({ reason: 'invalid_range' });
      expect(await same(both, 'agent kid', 1.5, 10)).toMatchObject({ reason: 'invalid_range' });
      expect(await same(['res_AAAAAAAAAAAAAAAAAAAAAA', 'res_AAAAAAAAAAAAAAAAAAAAAA'], 'agent kid', 0, 10)).toMatchObject({ reason: 'unknown' });
      expect(await b.page(7 as unknown as string, 'agent kid', 0, 10)).toMatchObject({ reason: 'unknown', error: { code: 'invalid_request' } });
      expect(await a.put(7 as unknown as string, 'x')).toMatchObject({ ok: false, error: { code: 'internal' } });
    });

    test('kept for ttl on Redis’s clock: then its owner hears it expired, anyone else that it is unknown', async () => {
      const [a, b] = await resultStores({ ttlMs: 300 });
      const kept = await a.put('agent kid', '"short lived"');
      if (!kept.ok) throw new Error('not kept');
      expect(kept.expiresInS).toBe(1);
      expect(await b.stats()).toEqual({ entries: 1, bytes: 13 + 256 });
      await sleep(450);
      expect(await b.page(kept.handle, 'agent other', 0, 10)).toMatchObject({ ok: false, reason: 'unknown' });
      expect(await b.page(kept.handle, 'agent kid', 0, 10)).toEqual({
        ok: false,
        reason: 'expired',
        error: { error: `ValueError: Result handle "${kept.handle}" has expired (results are kept 1 s); call the tool again`, code: 'invalid_request' },
      });
      expect(await a.stats()).toEqual({ entries: 0, bytes: 0 });
    });

    test('eviction by owner across replicas: 45 results of one owner never push out another’s one (the owner holding the most gives up its own)', async () => {
      const [a, b] = await resultStores({ maxEntries: 8 });
      const alice = await a.put('agent alice', '"alice"');
      expect(alice.ok).toBe(true);
      for (let i = 0; i < 45; i++) expect((await (i % 2 ? a : b).put('agent mallory', `"m${i}"`)).ok).toBe(true);
      expect(alice.ok && (await b.page(alice.handle, 'agent alice', 0, 5)).ok).toBe(true);
      expect((await a.stats()).entries).toBe(8);
    });

    test('bounded across replicas in entries, bytes, and bytes per owner: least recently used first, the owner’s own first', async () => {
      // entries: three at most; paging the first makes the second the least recently used
      const [a, b] = await resultStores({ maxEntries: 3 });
      const handles: string[] = [];
      for (const [i, store] of [a, b, a].entries()) {
        const kept = await store.put('agent kid', `"entry ${i}"`);
        if (kept.ok) handles.push(kept.handle);
      }
      expect((await b.page(handles[0]!, 'agent kid', 0, 5)).ok).toBe(true);
      const fourth = await b.put('agent kid', '"entry 3"');
      expect(fourth.ok).toBe(true);
      expect(await a.page(handles[1]!, 'agent kid', 0, 5)).toMatchObject({ ok: false, reason: 'evicted', error: { error: expect.stringContaining('was dropped to make room') } });
      expect(await a.page(handles[1]!, 'agent other', 0, 5)).toMatchObject({ ok: false, reason: 'unknown' });
      expect((await a.page(handles[0]!, 'agent kid', 0, 5)).ok).toBe(true);
      expect((await a.stats()).entries).toBe(3);

      // bytes per owner: a greedy owner pushes out only its own results; a too-large one is refused
      const [c, d] = await resultStores({ maxBytes: 8000, maxBytesPerOwner: 3000 });
      const other = await c.put('agent quiet', JSON.stringify('q'.repeat(1000)));
      const greedy: string[] = [];
      for (let i = 0; i < 4; i++) {
        const kept = await (i % 2 ? c : d).put('agent greedy', JSON.stringify(String(i).repeat(1000)));
        if (kept.ok) greedy.push(kept.handle);
      }
      expect(greedy).toHaveLength(4);
      expect(await c.page(greedy[0]!, 'agent greedy', 0, 5)).toMatchObject({ reason: 'evicted' });
      expect((await c.page(greedy[3]!, 'agent greedy', 0, 5)).ok).toBe(true);
      expect(other.ok && (await d.page(other.handle, 'agent quiet', 0, 5)).ok).toBe(true);
      expect((await c.stats()).bytes).toBeLessThanOrEqual(8000);
      // non-Latin text is kept two bytes per character, and accounted so
      expect(await d.put('agent greedy', JSON.stringify('€'.repeat(1400)))).toEqual({
        ok: false,
        error: { error: 'RuntimeError: the full result (3060 bytes) is larger than the result store keeps for one caller (3000 bytes); it cannot be paged', code: 'overloaded' },
      });

      // bytes in all: the least recently used goes, whoever owns it
      const [e] = await resultStores({ maxBytes: 3000, maxBytesPerOwner: 3000 });
      const first = await e.put('agent one', JSON.stringify('1'.repeat(1400)));
      const second = await e.put('agent two', JSON.stringify('2'.repeat(1400)));
      expect(first.ok && (await e.page(first.handle, 'agent one', 0, 5))).toMatchObject({ reason: 'evicted' });
      expect(second.ok && (await e.page(second.handle, 'agent two', 0, 5)).ok).toBe(true);
      expect(() => new RedisResultStore(states[0]!, { ttlMs: 0 })).toThrow('RedisResultStore: ttlMs must be an integer from 1 to 86400000, received 0');
    });

    test('clear drops every entry for every replica', async () => {
      const [a, b] = await resultStores();
      const kept = await a.put('agent kid', '"x"');
      await b.clear();
      expect(kept.ok && (await a.page(kept.handle, 'agent kid', 0, 1))).toMatchObject({ reason: 'unknown' });
      expect(await a.stats()).toEqual({ entries: 0, bytes: 0 });
    });
  });

  describe('RedisConfirmationStore', () => {
    async function confirmStores(server = redis): Promise<[RedisConfirmationStore, RedisConfirmationStore]> {
      const prefix = `c${++prefixSeq}:`;
      const [a, b] = [await connect(prefix, server), await connect(prefix, server)];
      const stores: [RedisConfirmationStore, RedisConfirmationStore] = [new RedisConfirmationStore(a), new RedisConfirmationStore(b)];
      await a.start();
      await b.start();
      await sleep(20); // the "records since" mark is set as each connects
      return stores;
    }

    test('a use is recorded once across replicas, even when they claim at the same moment', async () => {
      const [a, b] = await confirmStores();
      const issuedAt = Date.now();
      const expiresAt = issuedAt + 60_000;
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claim('nonce-1', expiresAt, issuedAt)));
      expect(claims.filter((c) => c === true)).toHaveLength(1);
      expect(claims.filter((c) => c === false)).toHaveLength(19);
      expect(await a.claim('nonce-2', expiresAt, issuedAt)).toBe(true);
      expect(await b.claim('nonce-2', expiresAt)).toBe(false);
    });

    test('Redis restarted without persistence: a token issued before is never accepted (unverifiable), one issued after is; Redis down rejects as state_unavailable', async () => {
      const own = await startRedis(await freePort());
      try {
        const [a, b] = await confirmStores(own);
        const before = Date.now();
        expect(await a.claim('used-before', before + 60_000, before)).toBe(true);
        await own.kill();
        const down = await b.claim('while-down', Date.now() + 60_000, Date.now()).catch((err: Error & { code?: string }) => err);
        expect(down).toMatchObject({ name: 'StateUnavailableError', code: 'state_unavailable', message: expect.stringMatching(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${own.port}/0 cannot be reached`)) });
        await own.restart();
        // its records are gone: the token used before, and one issued before but never used, cannot be vouched for
        // (each replica's client reconnects on its own back-off: until it has, its claims reject as state_unavailable)
        await expect.poll(() => b.claim('used-before', before + 60_000, before).catch(() => 'down'), { timeout: 20_000, interval: 100 }).toBe('unverifiable');
        await expect.poll(() => a.claim('never-used', before + 60_000, before).catch(() => 'down'), { timeout: 20_000, interval: 100 }).toBe('unverifiable');
        await sleep(5);
        const after = Date.now();
        expect(await a.claim('issued-after', after + 60_000, after)).toBe(true);
        expect(await b.claim('issued-after', after + 60_000, after)).toBe(false);
        // clear forgets every use: what was used before it is unverifiable, never accepted again
        await a.clear();
        expect(await b.claim('issued-after', after + 60_000, after)).toBe('unverifiable');
      } finally {
        await own.kill();
      }
    });
  });

  describe('providers with state.redis', () => {
    let root: PluginRoot;
    const providers: ToolsProvider[] = [];
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (m: string) => void warnings.push(m) };
    const secretWarnings = () => warnings.filter((w) => w.startsWith('confirmation: state.redis is set'));

    function config(prefix: string, extra: Record<string, unknown> = {}) {
      return parseProviderConfig({
        isolation: 'inline',
        federation: false,
        state: { redis: redis.url, key_prefix: prefix, command_timeout_ms: 300 },
        agents: { kid: { hivemind: { client: '1::kid' }, tools: ['*'], confirm: ['confirmed'], max_output_chars: 200 } },
        ...extra,
      });
    }
    async function replica(settings: ReturnType<typeof parseProviderConfig>): Promise<ToolsProvider> {
      const provider = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings, logger, brain: null });
      providers.push(provider);
      await provider.start();
      return provider;
    }

    beforeAll(() => {
      root = makePluginRoot();
      root.addPackage('replica-tools', toolboxEntry('replica'), {
        'index.js': toolboxSource('replica', {
          long_text: '() => ({ result: "Grüße aus Köln 😀 — ".repeat(60) })',
          confirmed: '({ a }) => ({ result: (globalThis.__confirmedRuns = [...(globalThis.__confirmedRuns ?? []), a]) })',
        }),
      });
    });
    afterAll(async () => {
      for (const p of providers) await p.close();
      root?.cleanup();
    });

    test('a handle and a confirm token issued by one replica work on another (with a shared confirmation.secret); without one, each replica warns at start', async () => {
      const prefix = `p${++prefixSeq}:`;
      const settings = config(prefix, { confirmation: { secret: 'a-shared-secret-of-32-characters' } });
      const [one, two] = [await replica(settings), await replica(settings)];
      expect(secretWarnings()).toEqual([]);
      const kid = { transport: 'http' as const, agentId: 'kid' };

      const cut = await one.service.invoke({ name: 'long_text', args: {}, caller: kid });
      if (!cut.ok || !cut.truncated?.handle) throw new Error(`not cut: ${JSON.stringify(cut)}`);
      let whole = '';
      for (let offset: number | null = 0; offset !== null; ) {
        const page = await two.service.readResult({ handle: cut.truncated.handle, offset, caller: kid });
        if (!page.ok) throw new Error(page.error.error);
        whole += page.text;
        offset = page.nextOffset;
      }
      expect(JSON.parse(whole)).toEqual({ result: 'Grüße aus Köln 😀 — '.repeat(60) });
      expect(await two.service.readResult({ handle: cut.truncated.handle, caller: { transport: 'http', agentId: 'other' } })).toMatchObject({ ok: false, reason: 'forbidden' });

      const asked = await one.service.invoke({ name: 'confirmed', args: { a: 1 }, caller: kid });
      expect(asked).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
      const token = !asked.ok ? asked.confirmation!.token : '';
      expect(await two.service.invoke({ name: 'confirmed', args: { a: 1 }, caller: kid, confirmToken: token })).toMatchObject({ ok: true, result: { result: [1] } });
      const again = await one.service.invoke({ name: 'confirmed', args: { a: 1 }, caller: kid, confirmToken: token });
      expect(again).toMatchObject({ ok: false, error: { code: 'confirmation_required', error: expect.stringContaining('The confirm_token was already used') } });
      expect((globalThis as { __confirmedRuns?: number[] }).__confirmedRuns).toEqual([1]);

      // replicas without a shared secret: each signs with its own key, says so at start, and refuses the other's tokens
      const lonely = config(`p${++prefixSeq}:`);
      const [three, four] = [await replica(lonely), await replica(lonely)];
      expect(secretWarnings()).toEqual([expect.stringContaining('but confirmation.secret is not: this replica signs confirm tokens with a random key'), expect.any(String)]);
      const foreign = await three.service.invoke({ name: 'confirmed', args: { a: 2 }, caller: kid });
      const refused = await four.service.invoke({ name: 'confirmed', args: { a: 2 }, caller: kid, confirmToken: !foreign.ok ? foreign.confirmation!.token : '' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'confirmation_required', error: expect.stringContaining('The confirm_token was not issued by this provider') } });
    });

    test('Redis down: a cut result is still answered, marked not_kept; paging (in-process, HTTP 503, MCP) and confirmed calls are refused state_unavailable and nothing runs; back once Redis is', async () => {
      const own = await startRedis(await freePort());
      const TOKEN = 'kid-token-0123456789abcdef';
      let http: Awaited<ReturnType<typeof startHttpServer>> | undefined;
      let mcp: Client | undefined;
      try {
        const settings = parseProviderConfig({
          isolation: 'inline',
          federation: false,
          state: { redis: own.url, command_timeout_ms: 300 },
          confirmation: { secret: 'a-shared-secret-of-32-characters' },
          agents: { kid: { credential: { sha256: hashCredential(TOKEN, 'sha256') }, tools: ['*'], confirm: ['confirmed'], max_output_chars: 200 } },
        });
        const provider = await replica(settings);
        http = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents });
        const kid = { transport: 'http' as const, agentId: 'kid' };
        const cut = await provider.service.invoke({ name: 'long_text', args: {}, caller: kid });
        const handle = cut.ok ? cut.truncated?.handle : undefined;
        const asked = await provider.service.invoke({ name: 'confirmed', args: { a: 3 }, caller: kid });
        const token = !asked.ok ? asked.confirmation!.token : '';
        await own.kill();

        const notKept = await provider.service.invoke({ name: 'long_text', args: {}, caller: kid });
        expect(notKept).toMatchObject({ ok: true, truncated: { notKept: 'state_unavailable' } });
        expect(notKept.ok && notKept.truncated?.handle).toBeUndefined();
        const unavailable = expect.stringMatching(/^RuntimeError: shared state unavailable: result handle "res_.*" is kept in shared state, and Redis at .* cannot be reached .*; retry later$/);
        expect(await provider.service.readResult({ handle: handle!, caller: kid })).toMatchObject({ ok: false, reason: 'unavailable', error: { code: 'state_unavailable', error: unavailable } });
        const res = await fetch(`${http.url}/internal/tools/results/${handle}`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }).toEqual({
          status: 503,
          retryAfter: '1',
          body: { ok: false, handle, code: 'state_unavailable', error: unavailable },
        });
        mcp = new Client({ name: 'shared-stores', version: '1' });
        await mcp.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
        const read = await mcp.readResource({ uri: `ovos-tools://results/${handle}` }).catch((err: { code?: number; message: string; data?: Record<string, unknown> }) => err);
        expect(read).toMatchObject({ code: -32603, message: expect.stringContaining('shared state unavailable: result handle'), data: { 'org.openvoiceos/error_code': 'state_unavailable' } });
        const runsBefore = [...((globalThis as { __confirmedRuns?: number[] }).__confirmedRuns ?? [])];
        const refused = await provider.service.invoke({ name: 'confirmed', args: { a: 3 }, caller: kid, confirmToken: token });
        expect(refused).toMatchObject({ ok: false, retryAfterMs: 1000, error: { code: 'state_unavailable' } });
        expect(!refused.ok && refused.error.error).toMatch(/^RuntimeError: shared state unavailable: the single use of confirm tokens is recorded in shared state, and Redis at .* cannot be reached .*; tool 'confirmed' was not run, retry later with the same confirm_token$/);
        expect((globalThis as { __confirmedRuns?: number[] }).__confirmedRuns ?? []).toEqual(runsBefore);

        // back (empty: nothing was persisted): the old handle is gone, the token issued before cannot be vouched for
        await own.restart();
        const kept = async () => {
          const r = await provider.service.invoke({ name: 'long_text', args: {}, caller: kid });
          return r.ok && r.truncated?.handle !== undefined;
        };
        await expect.poll(kept, { timeout: 5000, interval: 100 }).toBe(true);
        expect(await provider.service.readResult({ handle: handle!, caller: kid })).toMatchObject({ ok: false, reason: 'unknown' });
        expect(await provider.service.invoke({ name: 'confirmed', args: { a: 3 }, caller: kid, confirmToken: token })).toMatchObject({
          ok: false,
          error: { code: 'confirmation_required', error: expect.stringContaining('was issued before the shared state that records used tokens was restarted or emptied') },
        });
        expect((globalThis as { __confirmedRuns?: number[] }).__confirmedRuns ?? []).toEqual(runsBefore);
      } finally {
        await mcp?.close();
        await http?.close();
        await own.kill();
      }
    });
  });
});
