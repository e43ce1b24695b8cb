import { describe, expect, it } from 'vitest';
import { parseAgentsConfig } from '../access/AgentDefinition.js';
import { parseProviderConfig } from '../config/ProviderConfig.js';
import { sha256Hex } from '../access/credential.js';
import type { Caller } from '../service/Caller.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { argumentsDigest, canonicalJson } from './argumentsDigest.js';
import { confirmSettings } from './confirmSettings.js';
import { createConfirmation, languagesOf, sessionOf, type ConfirmVerdict } from './createConfirmation.js';
import { issueConfirmToken, readConfirmToken } from './confirmToken.js';
import { MemoryConfirmationStore } from './MemoryConfirmationStore.js';
import { type ConfirmationStore } from './ConfirmationStore.js';

const entry = (name: string, extra: Record<string, unknown> = {}, toolboxId = 'tb'): CatalogEntry => ({
  tool: { name, description: '', argumentSchema: { type: 'object', properties: { path: { type: 'string' } } }, outputSchema: {}, ...extra },
  toolboxId,
  kind: 'inline',
  source: toolboxId,
});
const WRITE = entry('write_file', { destructive: true, confirmation: { en: 'Overwrite {path}?', de: '{path} überschreiben?' } });
const READ = entry('read_file', { readOnly: true });

function settings(section: Record<string, unknown> = {}) {
  const { settings: s, problems } = confirmSettings({ confirmation: section } as never, {});
  expect(problems).toEqual([]);
  return s;
}
const agents = parseAgentsConfig(
  {
    kitchen: { credential: { sha256: sha256Hex('k') }, tools: ['*'], voice: true },
    den: { credential: { sha256: sha256Hex('d') }, tools: ['*'], voice: true },
    ci: { credential: { sha256: sha256Hex('c') }, tools: ['*'], voice: true, confirm: 'never' },
    strict: { credential: { sha256: sha256Hex('s') }, tools: ['*'], confirm: ['read_*'] },
    quiet: { credential: { sha256: sha256Hex('q') }, tools: ['*'], voice: false },
  },
  [],
);
const kitchen: Caller = { transport: 'http', agentId: 'kitchen' };

async function verdict(v: ConfirmVerdict | Promise<ConfirmVerdict>): Promise<ConfirmVerdict> {
  return v;
}
async function tokenFor(c: ReturnType<typeof createConfirmation>, caller: Caller, e: CatalogEntry, args: unknown, context = {}) {
  const v = await verdict(c.check(caller, e, { args, context }));
  if (v.ok || !v.confirmation) throw new Error(`expected confirmation_required, got ${JSON.stringify(v)}`);
  return v.confirmation.token;
}

describe('which calls need confirmation', () => {
  it('voice agents confirm destructive tools by default; confirm replaces the rules; "never" trusts; others only confirmation.tools', () => {
    const c = createConfirmation({ settings: settings(), agents });
    expect(c.needs(kitchen, WRITE)).toBe(true);
    expect(c.needs(kitchen, READ)).toBe(false);
    expect(c.needs({ transport: 'mcp', agentId: 'ci' }, WRITE)).toBe(false);
    expect(c.needs({ transport: 'http', agentId: 'strict' }, WRITE)).toBe(false);
    expect(c.needs({ transport: 'http', agentId: 'strict' }, READ)).toBe(true);
    // a stock OVOS bus client, an operator and an undeclared agent: none, by default
    for (const caller of [{ transport: 'ovos-bus' }, { transport: 'in-process' }, { transport: 'http', agentId: 'ghost' }] as Caller[]) expect(c.needs(caller, WRITE)).toBe(false);
    // the synchronous fast path for a call that needs none
    expect(c.check(kitchen, READ, { args: {} })).toEqual({ ok: true });
  });

  it('voice_bus makes bus callers voice personas unless their agent says voice: false; tools applies to everyone', () => {
    const c = createConfirmation({ settings: settings({ voice_bus: true, tools: ['tag:money'] }), agents });
    expect(c.needs({ transport: 'ovos-bus' }, WRITE)).toBe(true);
    expect(c.needs({ transport: 'ovos-bus', agentId: 'quiet' }, WRITE)).toBe(false);
    expect(c.needs({ transport: 'http' }, WRITE)).toBe(false);
    const pay = entry('pay', { tags: ['money'] });
    expect(c.needs({ transport: 'http' }, pay)).toBe(true);
    expect(c.needs({ transport: 'ovos-bus', agentId: 'quiet' }, pay)).toBe(true);
    expect(c.needs({ transport: 'ovos-bus', agentId: 'ci' }, pay)).toBe(false);
  });

  it('config problems: unknown annotations (they would match nothing) and an unset secret_env', () => {
    expect(confirmSettings({ confirmation: { secret_env: 'NOT_SET_HERE' } } as never, {}).problems).toEqual([
      { path: 'confirmation.secret_env', keyword: 'env', message: 'environment variable NOT_SET_HERE is not set or empty' },
    ]);
    expect(() => parseProviderConfig({ confirmation: { voice_tools: ['annotation:destroys'] } })).toThrow(
      `provider config 'confirmation.voice_tools[0]': unknown annotation in rule "annotation:destroys" (expected one of annotation:destructive, annotation:read_only, annotation:idempotent, annotation:open_world), received "annotation:destroys"`,
    );
    // the defaults are the schema's: the reference prints them
    expect(parseProviderConfig({}, {}).confirm).toMatchObject({ tools: [], voiceBus: false, ttlMs: 300_000, secret: undefined });
    expect(parseProviderConfig({}, {}).confirm.voiceTools.map((r) => r.text)).toEqual(['annotation:destructive']);
    expect(confirmSettings({} as never, { OVOS_TOOLS_CONFIRM_SECRET: 'short' }).problems.map((p) => p.message)).toEqual([
      'OVOS_TOOLS_CONFIRM_SECRET holds 5 characters; use at least 16 (e.g. 32 random bytes as hex)',
    ]);
    expect(confirmSettings({} as never, { OVOS_TOOLS_CONFIRM_SECRET: 'x'.repeat(16) }).settings.secret).toBe('x'.repeat(16));
    // the default variable unset is no problem: tokens are signed with a random key per process
    expect(confirmSettings({} as never, {}).problems).toEqual([]);
  });
});

describe('confirm tokens', () => {
  it('a confirmed call runs once; a replay, a changed call, another caller or session, another tool and an expired token ask again', async () => {
    let now = 1_000_000;
    const c = createConfirmation({ settings: settings({ ttl_seconds: 60 }), agents, now: () => now });
    const ctx = { session: { session_id: 'a' }, lang: 'de-AT' };
    const first = await verdict(c.check(kitchen, WRITE, { args: { path: 'n.txt' }, context: ctx }));
    expect(first).toMatchObject({ ok: false, error: { code: 'confirmation_required' }, confirmation: { prompt: 'n.txt überschreiben?', lang: 'de', expiresAt: 1_060_000 } });
    const token = (first as { confirmation: { token: string } }).confirmation.token;
    const run = (args: unknown, caller = kitchen, context: object = ctx, e = WRITE) => verdict(c.check(caller, e, { args, context: context as never, token }));
    const reason = async (p: Promise<ConfirmVerdict>) => {
      const v = await p;
      return v.ok ? 'ran' : v.error.error.split('. Tool ')[0];
    };
    expect(await reason(run({ path: 'm.txt' }))).toBe('PermissionError: The arguments differ from the ones the user confirmed; a changed call needs a new confirmation');
    expect(await reason(run({ path: 'n.txt' }, { transport: 'http', agentId: 'den' }))).toBe('PermissionError: The confirm_token was issued to another caller');
    expect(await reason(run({ path: 'n.txt' }, { transport: 'mcp', agentId: 'kitchen' }))).toBe('PermissionError: The confirm_token was issued to another caller');
    expect(await reason(run({ path: 'n.txt' }, kitchen, {}))).toBe('PermissionError: The confirm_token was issued in another session');
    const other = entry('delete_file', { destructive: true });
    expect(await reason(run({ path: 'n.txt' }, kitchen, ctx, other))).toBe("PermissionError: The confirm_token was issued for tool 'write_file' of ToolBox 'tb', not this one");
    expect(await reason(run({ path: 'n.txt' }, kitchen, ctx, entry('write_file', { destructive: true }, 'tb2')))).toBe(
      "PermissionError: The confirm_token was issued for tool 'write_file' of ToolBox 'tb', not this one",
    );
    expect(await run({ path: 'n.txt' })).toEqual({ ok: true });
    expect(await reason(run({ path: 'n.txt' }))).toBe('PermissionError: The confirm_token was already used: a confirmation allows one call');

    const late = await tokenFor(c, kitchen, WRITE, { path: 'l.txt' }, ctx);
    now += 60_000;
    const expired = await verdict(c.check(kitchen, WRITE, { args: { path: 'l.txt' }, context: ctx, token: late }));
    expect(expired).toMatchObject({ ok: false, error: { code: 'confirmation_required', error: expect.stringMatching(/^PermissionError: The confirm_token expired 0 s ago \(a confirmation is accepted for 60 s\)/) } });
    expect((expired as { confirmation: { expiresAt: number } }).confirmation.expiresAt).toBe(now + 60_000);
  });

  it('the arguments digest ignores key order and nothing else; arguments JSON cannot express are refused', async () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: undefined, e: null })).toBe('{"b":[{"c":2,"d":1}],"e":null}');
    expect(argumentsDigest({ x: 1, y: 'a' })).toBe(argumentsDigest({ y: 'a', x: 1 }));
    expect(argumentsDigest(undefined)).toBe(argumentsDigest({}));
    expect(argumentsDigest({ n: 5 })).not.toBe(argumentsDigest({ n: '5' }));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const c = createConfirmation({ settings: settings(), agents });
    expect(await verdict(c.check(kitchen, WRITE, { args: cyclic }))).toMatchObject({ ok: false, error: { code: 'invalid_arguments', error: expect.stringContaining('contain a cycle') } });
    expect(await verdict(c.check(kitchen, WRITE, { args: { n: 1n } }))).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('tokens are signed: a flipped payload byte or another key is refused; malformed values say what is wrong', () => {
    const key = Buffer.from('k'.repeat(32));
    const { token } = issueConfirmToken(key, { expiresAt: 5, tool: 't', toolboxId: 'b', caller: 'c', session: 's', args: 'a' });
    expect(readConfirmToken(key, token)).toMatchObject({ kind: 'valid', claims: { tool: 't', toolboxId: 'b', expiresAt: 5 } });
    expect(readConfirmToken(Buffer.from('other-key'), token)).toEqual({ kind: 'unsigned' });
    const [p, payload, sig] = token.split('.');
    const flipped = `${p}.${payload!.slice(0, 5)}${payload![5] === 'A' ? 'B' : 'A'}${payload!.slice(6)}.${sig}`;
    expect(readConfirmToken(key, flipped)).toEqual({ kind: 'unsigned' });
    expect(readConfirmToken(key, 7)).toEqual({ kind: 'malformed', detail: 'expected a string, received number' });
    expect(readConfirmToken(key, 'x'.repeat(2000))).toEqual({ kind: 'malformed', detail: 'expected at most 1024 characters, received 2000' });
    expect(readConfirmToken(key, 'oct1.abc')).toMatchObject({ kind: 'malformed' });
  });

  it('replicas sharing the secret and the store accept a token issued by another, once; with another secret they ask again', async () => {
    const store = new MemoryConfirmationStore();
    const shared = settings({ secret: 's'.repeat(32) });
    const a = createConfirmation({ settings: shared, agents, store });
    const b = createConfirmation({ settings: shared, agents, store });
    const lonely = createConfirmation({ settings: settings({ secret: 't'.repeat(32) }), agents });
    const token = await tokenFor(a, kitchen, WRITE, { path: 'r' });
    expect(await verdict(lonely.check(kitchen, WRITE, { args: { path: 'r' }, token }))).toMatchObject({ ok: false, error: { error: expect.stringContaining('not issued by this provider') } });
    expect(await verdict(b.check(kitchen, WRITE, { args: { path: 'r' }, token }))).toEqual({ ok: true });
    expect(await verdict(a.check(kitchen, WRITE, { args: { path: 'r' }, token }))).toMatchObject({ ok: false, error: { error: expect.stringContaining('already used') } });
  });

  it('a failing or full store refuses the call (never runs it)', async () => {
    const broken: ConfirmationStore = { claim: async () => Promise.reject(new Error('redis is down')), clear: async () => {} };
    const c = createConfirmation({ settings: settings(), agents, store: broken });
    const token = await tokenFor(c, kitchen, WRITE, {});
    expect(await verdict(c.check(kitchen, WRITE, { args: {}, token }))).toEqual({
      ok: false,
      error: { error: 'RuntimeError: the confirmation store failed: redis is down; the call was not run', code: 'internal' },
    });
    const tiny = createConfirmation({ settings: settings(), agents, store: new MemoryConfirmationStore({ maxEntries: 1 }) });
    const t1 = await tokenFor(tiny, kitchen, WRITE, { path: '1' });
    const t2 = await tokenFor(tiny, kitchen, WRITE, { path: '2' });
    expect(await verdict(tiny.check(kitchen, WRITE, { args: { path: '1' }, token: t1 }))).toEqual({ ok: true });
    expect(await verdict(tiny.check(kitchen, WRITE, { args: { path: '2' }, token: t2 }))).toMatchObject({ ok: false, error: { code: 'overloaded' } });
  });
});

describe('MemoryConfirmationStore', () => {
  it('accepts an id once until it expires, then forgets it', async () => {
    let now = 0;
    const store = new MemoryConfirmationStore({ now: () => now });
    expect(await store.claim('a', 100)).toBe(true);
    expect(await store.claim('a', 100)).toBe(false);
    expect(await store.claim('b', 10_000)).toBe(true);
    now = 6_000;
    expect(await store.claim('c', 20_000)).toBe(true);
    expect(store.size).toBe(2); // 'a' expired and was swept
    await store.clear();
    expect(store.size).toBe(0);
  });
});

describe('session and languages of a call', () => {
  it('reads OVOS session.session_id, the MCP session, a session_id; lang, session.lang, then the transport list', () => {
    expect(sessionOf({ session: { session_id: 'x' }, mcp_session_id: 'y' })).toBe('x');
    expect(sessionOf({ mcp_session_id: 'y' })).toBe('y');
    expect(sessionOf({ session_id: 'z', session: 'not an object' })).toBe('z');
    expect(sessionOf({})).toBeUndefined();
    expect(languagesOf({ context: { lang: 'pt-PT', session: { lang: 'en-US' } }, languages: ['de', ''] })).toEqual(['pt-PT', 'en-US', 'de']);
    expect(languagesOf({})).toEqual([]);
  });
});

describe('argumentsDigest keeps every key', () => {
  it('`__proto__` is data: it changes the digest and appears in the canonical JSON', async () => {
    const { argumentsDigest, canonicalJson } = await import('./argumentsDigest.js');
    const smuggled = JSON.parse('{"tag":"a","__proto__":{"x":1}}') as unknown;
    expect(canonicalJson(smuggled)).toBe('{"__proto__":{"x":1},"tag":"a"}');
    expect(argumentsDigest(smuggled)).not.toBe(argumentsDigest({ tag: 'a' }));
  });
});
