import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { hashCredential } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freePort, LONG_TEXT, scaleRoot, startHaproxy, startRedis, startReplica } from '../fixtures/scale.mjs';

/**
 * Replicas behind HAProxy with shared state in Redis (issue 31): three `ovos-tools serve --http` replicas (each on its
 * own embedded messagebus) behind Debian's HAProxy (health checks on /health, MCP sessions stuck to their replica by
 * Mcp-Session-Id), per-agent limits, result handles and confirm-token uses kept in Debian's redis-server. The toolcore
 * API and MCP over HTTP keep working for 16 clients while a replica is SIGKILLed and restarted; agents' limits hold
 * across replicas; a result handle and a confirm token issued by one replica work on the others; Redis killed mid-run
 * refuses what needs it and loses or doubles no call, and accepts no token twice. Every call is checked against the
 * `start`/`end` lines the tool itself writes (which replica ran it, and whether it ran at all, or twice).
 */
const skipReason = inject('scaleSkipReason');
if (skipReason) process.stdout.write(`[scale.test] skipped: ${skipReason}\n`);

const TOKENS = {
  app: 'app-token-0123456789abcdef',
  free: 'free-token-0123456789abcdef',
  limited: 'limited-token-0123456789ab',
  pair: 'pair-token-0123456789abcdef',
  voice: 'voice-token-0123456789abcdef',
};
const RATE = 6;
/** The budget `long_text` calls ask for: its ~2,000-character answer is cut, and its full JSON kept behind a handle. */
const BUDGET = 300;

type Replica = Awaited<ReturnType<typeof startReplica>>;
interface Outcome {
  id: number;
  who: string;
  status: number | 'hung' | 'network';
  code?: string;
  error?: string;
  servedBy: string | null;
  pid?: number;
  retryAfter?: string | null;
  sentAt: number;
  doneAt: number;
  /** The answer's `truncated` member (a cut result). */
  truncated?: { original_chars: number; handle?: string; expires_in_s?: number; not_kept?: string };
  /** The `confirm_token` of a `confirmation_required` answer. */
  confirmToken?: string;
}

let work: string;
let root: string;
let logFile: string;
let redis: Awaited<ReturnType<typeof startRedis>>;
let replicas: Replica[];
let lb: Awaited<ReturnType<typeof startHaproxy>>;
let nextId = 1;

/**
 * One toolcore call (`extra`: more body fields, e.g. `max_output_chars`, `confirm_token`); never throws: a call with
 * no answer within 20 s is `hung`.
 */
async function call(base: string, token: string, args: Record<string, unknown>, who = 'http', tool = 'slow_echo', extra: Record<string, unknown> = {}): Promise<Outcome> {
  const id = (args.a as number | undefined) ?? 0;
  const sentAt = performance.now();
  try {
    const res = await fetch(`${base}/internal/tools/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_id: tool, args, ...extra }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json()) as { ok: boolean; code?: string; error?: string; result?: { result?: { pid?: number } }; truncated?: Outcome['truncated']; confirm_token?: string };
    return {
      id,
      who,
      status: res.status,
      ...(body.ok ? {} : { code: body.code, error: body.error }),
      servedBy: res.headers.get('x-served-by'),
      ...(body.result?.result?.pid ? { pid: body.result.result.pid } : {}),
      ...(body.truncated ? { truncated: body.truncated } : {}),
      ...(body.confirm_token ? { confirmToken: body.confirm_token } : {}),
      retryAfter: res.headers.get('retry-after'),
      sentAt,
      doneAt: performance.now(),
    };
  } catch (err) {
    const hung = (err as Error).name === 'TimeoutError';
    return { id, who, status: hung ? 'hung' : 'network', error: `${String(err)} (${String((err as { cause?: unknown }).cause)})`, servedBy: null, sentAt, doneAt: performance.now() };
  }
}

interface PageOutcome {
  status: number | 'network';
  code?: string;
  error?: string;
  text?: string;
  nextOffset?: number | null;
  servedBy: string | null;
  retryAfter?: string | null;
  sentAt: number;
}

/** One page of a kept result (`GET /internal/tools/results/{handle}`); never throws. */
async function page(base: string, token: string, handle: string, offset: number, limit: number): Promise<PageOutcome> {
  const sentAt = performance.now();
  try {
    const res = await fetch(`${base}/internal/tools/results/${encodeURIComponent(handle)}?offset=${offset}&limit=${limit}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json()) as { text?: string; next_offset?: number | null; code?: string; error?: string };
    return {
      status: res.status,
      ...(res.ok ? { text: body.text!, nextOffset: body.next_offset ?? null } : { code: body.code!, error: body.error! }),
      servedBy: res.headers.get('x-served-by'),
      retryAfter: res.headers.get('retry-after'),
      sentAt,
    };
  } catch (err) {
    return { status: 'network', error: String(err), servedBy: null, sentAt };
  }
}

/** Pages a kept result to its end, each page through `bases[i % bases.length]`; the pages' outcomes, and the text when all were answered. */
async function pageAll(bases: string[], token: string, handle: string, limit = 700): Promise<{ pages: PageOutcome[]; text?: string }> {
  const pages: PageOutcome[] = [];
  let text = '';
  for (let offset: number | null | undefined = 0, i = 0; offset !== null && offset !== undefined; i++) {
    const p = await page(bases[i % bases.length]!, token, handle, offset, limit);
    pages.push(p);
    if (p.status !== 200) return { pages };
    text += p.text;
    offset = p.nextOffset;
  }
  return { pages, text };
}

/** The full `long_text` result of call `id` run by `pid`, as its JSON text pages back. */
const longResult = (id: number, pid: number | undefined) => ({ result: { id, pid, text: LONG_TEXT } });

/** The tool's own record: for each call id, the `start`/`end` lines and the pid that wrote them. */
function toolLog(): Map<number, Array<{ what: 'start' | 'end'; pid: number }>> {
  const byId = new Map<number, Array<{ what: 'start' | 'end'; pid: number }>>();
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return byId;
  }
  for (const line of text.split('\n')) {
    const m = /^(start|end) (\d+) (\d+)$/.exec(line);
    if (!m) continue;
    const id = Number(m[3]);
    if (!byId.has(id)) byId.set(id, []);
    byId.get(id)!.push({ what: m[1] as 'start' | 'end', pid: Number(m[2]) });
  }
  return byId;
}

/**
 * Every answered-ok call ran exactly once, on the replica that answered; no call ran twice; a call refused before it
 * started never ran (a refusal answered 200, such as `confirmation_required`, carries a code); a call that failed in
 * flight ran at most once.
 */
function expectNoLostOrDoubledCall(outcomes: Outcome[], notStarted: (o: Outcome) => boolean) {
  const log = toolLog();
  for (const o of outcomes) {
    const lines = log.get(o.id) ?? [];
    if (o.status === 200 && !o.code) expect({ id: o.id, lines }).toEqual({ id: o.id, lines: [{ what: 'start', pid: o.pid }, { what: 'end', pid: o.pid }] });
    else if (notStarted(o)) expect({ id: o.id, lines }).toEqual({ id: o.id, lines: [] });
    // failed in flight: it ran at most once, and only on the replica that died (which may have been killed after the tool
    // finished and before its answer left: the client then gets the balancer's 502, and the call ran once — not twice)
    else expect(new Set(lines.map((l) => l.pid)).size, `call ${o.id} ran on more than one replica: ${JSON.stringify(lines)}`).toBeLessThanOrEqual(1);
    expect(lines.filter((l) => l.what === 'start').length).toBeLessThanOrEqual(1);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loop of calls until `stop.now`, collecting outcomes. */
function clientLoop(stop: { now: boolean }, out: Outcome[], one: (id: number) => Promise<Outcome>): Promise<void> {
  return (async () => {
    while (!stop.now) out.push(await one(nextId++));
  })();
}

describe.skipIf(Boolean(skipReason))('three replicas behind HAProxy with shared state in Redis', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'ovos-scale-'));
    logFile = path.join(work, 'calls.log');
    redis = await startRedis(await freePort());
    const lbPort = await freePort();
    const scale = scaleRoot({
      http: { allowed_hosts: [`127.0.0.1:${lbPort}`] },
      state: { redis: redis.url, command_timeout_ms: 500 },
      agents: {
        'agent:app': { credential: { sha256: hashCredential(TOKENS.app, 'sha256') }, tools: ['*'], rate_per_minute: 1_000_000, max_concurrency: 100 },
        'agent:free': { credential: { sha256: hashCredential(TOKENS.free, 'sha256') }, tools: ['*'] },
        'agent:limited': { credential: { sha256: hashCredential(TOKENS.limited, 'sha256') }, tools: ['*'], rate_per_minute: RATE },
        'agent:pair': { credential: { sha256: hashCredential(TOKENS.pair, 'sha256') }, tools: ['*'], max_concurrency: 2 },
        // a voice persona that must confirm slow_echo; no limits, so only its tokens need Redis
        'agent:voice': { credential: { sha256: hashCredential(TOKENS.voice, 'sha256') }, tools: ['*'], confirm: ['slow_echo'] },
      },
      // every replica signs confirm tokens with the same key, so any of them verifies another's
      confirmation: { secret: 'scale-test-confirmation-secret-0123456789' },
    });
    root = scale.root;
    replicas = await Promise.all(['r1', 'r2', 'r3'].map((name) => startReplica({ name, root, config: scale.config, env: { OVOS_TOOLS_SCALE_LOG: logFile } })));
    lb = await startHaproxy({ port: lbPort, servers: replicas.map((r) => ({ name: r.name, port: r.port })) });
  });

  afterAll(async () => {
    await lb?.stop();
    await Promise.all((replicas ?? []).map((r) => r.kill()));
    await redis?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("an agent's rate_per_minute holds across the three replicas (counted in Redis, not per replica)", async () => {
    for (const r of replicas) expect(r.out).toContain(`shared state: Redis at ${redis.url} (agents' rate_per_minute and max_concurrency, result handles and confirm-token uses are kept there)`);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < RATE + 3; i++) outcomes.push(await call(replicas[i % 3]!.url, TOKENS.limited, { a: nextId++ }));
    expect(outcomes.map((o) => o.status)).toEqual([...Array(RATE).fill(200), 429, 429, 429]);
    for (const refused of outcomes.slice(RATE)) {
      expect(refused).toMatchObject({ code: 'rate_limited', error: `refused by agent "agent:limited": rate_per_minute ${RATE} reached` });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  });

  test("an agent's max_concurrency holds across replicas: of three calls at once on three replicas, one is refused", async () => {
    const three = await Promise.all(replicas.map((r) => call(r.url, TOKENS.pair, { a: nextId++, ms: 1500 })));
    expect(three.map((o) => o.status).sort()).toEqual([200, 200, 429]);
    expect(three.find((o) => o.status === 429)).toMatchObject({ code: 'rate_limited', error: 'refused by agent "agent:pair": max_concurrency 2 reached' });
    // both slots were given back: any replica may start the next call
    expect((await call(replicas[2]!.url, TOKENS.pair, { a: nextId++ })).status).toBe(200);
  });

  test('a result handle and a confirm token issued by one replica work on the others: the handle pages for its owner only, the token runs its call once', async () => {
    for (const [i, issuer] of replicas.entries()) {
      const others = [replicas[(i + 1) % 3]!, replicas[(i + 2) % 3]!];
      // a cut result: its full JSON (non-Latin text, surrogate pairs) pages back exactly, page after page on the others
      const cut = await call(issuer.url, TOKENS.free, { a: nextId++ }, 'handle', 'long_text', { max_output_chars: BUDGET });
      expect(cut).toMatchObject({ status: 200, truncated: { original_chars: JSON.stringify(longResult(cut.id, cut.pid)).length, handle: expect.stringMatching(/^res_/), expires_in_s: 300 } });
      const paged = await pageAll(others.map((r) => r.url), TOKENS.free, cut.truncated!.handle!);
      expect(paged.pages.length).toBeGreaterThan(2);
      expect(JSON.parse(paged.text!)).toEqual(longResult(cut.id, cut.pid));
      expect(await page(others[0]!.url, TOKENS.app, cut.truncated!.handle!, 0, 10)).toMatchObject({ status: 403, code: 'forbidden' });

      // a confirmation asked on one replica, confirmed on another; the same token on the third is used up
      const id = nextId++;
      const asked = await call(issuer.url, TOKENS.voice, { a: id }, 'voice');
      expect(asked).toMatchObject({ status: 200, code: 'confirmation_required', confirmToken: expect.stringMatching(/^oct1\./) });
      const confirmed = await call(others[0]!.url, TOKENS.voice, { a: id }, 'voice', 'slow_echo', { confirm_token: asked.confirmToken });
      expect(confirmed).toMatchObject({ status: 200 });
      const replayed = await call(others[1]!.url, TOKENS.voice, { a: id }, 'voice', 'slow_echo', { confirm_token: asked.confirmToken });
      expect(replayed).toMatchObject({ status: 200, code: 'confirmation_required', error: expect.stringContaining('The confirm_token was already used') });
      expect(toolLog().get(id)).toEqual([{ what: 'start', pid: others[0]!.proc!.pid }, { what: 'end', pid: others[0]!.proc!.pid }]);
    }
  });

  test('/mcp answers 404 for a session it does not know (the MCP rule that makes a client re-initialise)', async () => {
    const res = await fetch(`${lb.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.app}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/Session not found: initialize a new session/);
  });

  test('16 clients (toolcore and MCP) while a replica is SIGKILLed and restarted: in-flight calls on it fail at once and clearly, none elsewhere, none lost or doubled', async () => {
    const victim = replicas[1]!;
    const victimPid = victim.proc!.pid!;
    const stop = { now: false };
    const http: Outcome[] = [];
    const mcp = await Promise.all(Array.from({ length: 4 }, () => McpUser.connect(lb.url, TOKENS.app)));
    // make sure one MCP session lives on the replica about to die (round robin places them; add until one does)
    for (let i = 0; i < 6 && !mcp.some((m) => m.home === victim.name); i++) {
      const extra = await McpUser.connect(lb.url, TOKENS.app);
      if (extra.home === victim.name) {
        await mcp.pop()!.close();
        mcp.push(extra);
      } else await extra.close();
    }
    expect(mcp.map((m) => m.home)).toContain(victim.name);

    const loops = [
      ...Array.from({ length: 12 }, () => clientLoop(stop, http, (id) => call(lb.url, TOKENS.app, { a: id, ms: 150 }))),
      ...mcp.map((m) => m.loop(stop, () => nextId++)),
    ];
    await sleep(1200);
    const killStart = performance.now();
    await victim.kill('SIGKILL');
    const killDone = performance.now();
    await sleep(1000);
    await victim.start(); // the same ports, as a supervisor would restart it
    const restartedAt = performance.now();
    for (let i = 0; i < 100 && !http.some((o) => o.servedBy === victim.name && o.sentAt > restartedAt); i++) await sleep(100);
    await sleep(300);
    stop.now = true;
    await Promise.all(loops);
    await Promise.all(mcp.map((m) => m.close()));

    // nothing hung, and every failure is the balancer's clear 502 for a call that was in flight on the killed replica
    expect(http.filter((o) => o.status === 'hung' || o.status === 'network')).toEqual([]);
    const failed = http.filter((o) => o.status !== 200);
    for (const f of failed) {
      expect(f).toMatchObject({ status: 502, code: 'replica_unavailable', error: expect.stringContaining('stopped before answering') });
      expect(f.sentAt).toBeLessThanOrEqual(killDone);
      expect(f.doneAt).toBeGreaterThanOrEqual(killStart);
    }
    expect(failed.length).toBeLessThanOrEqual(16);
    const log = toolLog();
    for (const f of failed) for (const line of log.get(f.id) ?? []) expect(line.pid).toBe(victimPid);
    // calls on the other replicas did not fail; the restarted replica serves again; nothing ran twice or was lost
    expect(http.filter((o) => o.status === 200).length).toBeGreaterThan(100);
    expect(http.some((o) => o.status === 200 && o.servedBy === victim.name && o.sentAt > restartedAt)).toBe(true);
    expectNoLostOrDoubledCall(http, () => false);
    const startedNeverAnswered = [...log].filter(([, lines]) => !lines.some((l) => l.what === 'end')).map(([id]) => id);
    const answeredFailure = new Set([...failed.map((f) => f.id), ...mcp.flatMap((m) => m.failedIds)]);
    for (const id of startedNeverAnswered) expect({ id, answeredWithAnError: answeredFailure.has(id) }).toEqual({ id, answeredWithAnError: true });

    // MCP: the session on the killed replica got a clear error at once (no request timeout), then 404, re-initialised on
    // another replica and went on; the others never failed
    for (const m of mcp) {
      expect(m.timeouts).toEqual([]);
      expect(m.ok).toBeGreaterThan(3);
      if (m.firstHome !== victim.name) expect({ home: m.firstHome, errors: m.errors }).toEqual({ home: m.firstHome, errors: [] });
    }
    const orphan = mcp.find((m) => m.firstHome === victim.name)!;
    expect(orphan.reinitialised).toBeGreaterThanOrEqual(1);
    for (const e of orphan.errors) expect(e).toMatch(/replica_unavailable|Session not found: initialize a new session/);
    expect(orphan.home).not.toBe(victim.name);
    expectNoLostOrDoubledCall(mcp.flatMap((m) => m.outcomes), () => false);
  });

  test('Redis killed mid-run: calls that need it are refused clearly (503 state_unavailable), the others go on; none lost or doubled, no token accepted twice; all back once Redis is', async () => {
    const stop = { now: false };
    const app: Outcome[] = [];
    const free: Outcome[] = [];
    const cuts: Outcome[] = [];
    const pages: Array<{ issued: Outcome; paged: Awaited<ReturnType<typeof pageAll>> }> = [];
    const asks: Outcome[] = [];
    const confirms: Outcome[] = [];
    /** A cut result through the balancer, then its pages through the balancer (other replicas, round robin). */
    const cutAndPage = async (id: number): Promise<Outcome> => {
      const cut = await call(lb.url, TOKENS.free, { a: id }, 'handle', 'long_text', { max_output_chars: BUDGET });
      if (cut.truncated?.handle) pages.push({ issued: cut, paged: await pageAll([lb.url], TOKENS.free, cut.truncated.handle) });
      return cut;
    };
    /** A confirmation asked through the balancer, then the call confirmed through it (another replica). */
    const askAndConfirm = async (id: number): Promise<Outcome> => {
      const asked = await call(lb.url, TOKENS.voice, { a: id, ms: 20 }, 'voice');
      asks.push(asked);
      if (!asked.confirmToken) return asked;
      return call(lb.url, TOKENS.voice, { a: id, ms: 20 }, 'voice', 'slow_echo', { confirm_token: asked.confirmToken });
    };
    const loops = [
      ...Array.from({ length: 3 }, () => clientLoop(stop, app, (id) => call(lb.url, TOKENS.app, { a: id, ms: 20 }, 'app'))),
      ...Array.from({ length: 3 }, () => clientLoop(stop, free, (id) => call(lb.url, TOKENS.free, { a: id, ms: 20 }, 'free'))),
      ...Array.from({ length: 2 }, () => clientLoop(stop, cuts, cutAndPage)),
      ...Array.from({ length: 2 }, () => clientLoop(stop, confirms, askAndConfirm)),
    ];
    await sleep(700);
    // a handle issued before the kill and paged while Redis is down: its page is refused 503 whatever the timing (the
    // loops' own pages may all fall before the kill or after the restart on a slow machine)
    const held = await call(lb.url, TOKENS.free, { a: nextId++ }, 'handle', 'long_text', { max_output_chars: BUDGET });
    cuts.push(held);
    const killedAt = performance.now();
    await redis.kill();
    if (held.truncated?.handle) pages.push({ issued: held, paged: await pageAll([lb.url], TOKENS.free, held.truncated.handle) });
    await sleep(1200);
    const restartAt = performance.now();
    await redis.restart();
    const backAt = performance.now();
    const backAgain = (outcomes: Outcome[]) => outcomes.some((o) => o.status === 200 && !o.code && o.sentAt > backAt);
    for (let i = 0; i < 100 && !(backAgain(app) && backAgain(confirms) && pages.some((p) => p.issued.sentAt > backAt && p.paged.text)); i++) await sleep(100);
    await sleep(200);
    stop.now = true;
    await Promise.all(loops);

    expect([...app, ...free].filter((o) => o.status === 'hung' || o.status === 'network')).toEqual([]);
    expect(free.filter((o) => o.status !== 200)).toEqual([]);
    const refused = app.filter((o) => o.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r).toMatchObject({ status: 503, code: 'state_unavailable', retryAfter: '1' });
      expect(r.error).toMatch(/^RuntimeError: shared state unavailable: agent "agent:app": .*Redis at redis:\/\/127\.0\.0\.1:\d+\/0 cannot be reached .*; the call was not started, retry later$/);
      expect(r.doneAt).toBeGreaterThanOrEqual(killedAt);
    }
    expect(app.some((o) => o.status === 200 && o.sentAt > backAt)).toBe(true);
    expectNoLostOrDoubledCall([...app, ...free], (o) => o.code === 'state_unavailable');

    // result handles: a cut result is always answered (the tool ran once); while Redis is down its full result is
    // not kept (marked not_kept) and pages are refused 503; before and after, every handle pages back exactly
    expect(cuts.filter((o) => o.status !== 200)).toEqual([]);
    expectNoLostOrDoubledCall(cuts, () => false);
    const notKept = cuts.filter((o) => !o.truncated?.handle);
    expect(notKept.length).toBeGreaterThan(0);
    for (const o of notKept) {
      expect(o.truncated).toEqual({ original_chars: JSON.stringify(longResult(o.id, o.pid)).length, not_kept: 'state_unavailable' });
      expect(o.doneAt).toBeGreaterThanOrEqual(killedAt);
    }
    expect(cuts.some((o) => o.truncated?.handle && o.sentAt > backAt)).toBe(true);
    for (const { issued, paged } of pages) {
      if (paged.text !== undefined) expect(JSON.parse(paged.text)).toEqual(longResult(issued.id, issued.pid));
      else {
        const refused = paged.pages.at(-1)!;
        // refused only while Redis was down, or (its handle kept before the restart, which lost it) as unknown after
        if (refused.status === 503) expect(refused).toMatchObject({ code: 'state_unavailable', retryAfter: '1', error: expect.stringMatching(/^RuntimeError: shared state unavailable: result handle .* is kept in shared state, and Redis at redis:\/\/127\.0\.0\.1:\d+\/0 cannot be reached/) });
        else expect({ status: refused.status, issuedBeforeRestart: issued.sentAt < restartAt }).toEqual({ status: 404, issuedBeforeRestart: true });
      }
    }
    expect(pages.some((p) => p.paged.pages.some((x) => x.status === 503))).toBe(true);

    // confirm tokens: asking needs no shared state; a confirmed call while Redis is down is refused 503 and never runs;
    // a token issued before the restart is never accepted after it (Redis forgot which were used): asked anew
    expect(asks.filter((o) => o.code !== 'confirmation_required')).toEqual([]);
    const confirmRefusals = confirms.filter((o) => o.status !== 200 || o.code);
    expect(confirmRefusals.filter((o) => o.code === 'state_unavailable').length).toBeGreaterThan(0);
    for (const o of confirmRefusals) {
      if (o.code === 'state_unavailable') {
        expect(o).toMatchObject({ status: 503, retryAfter: '1', error: expect.stringMatching(/^RuntimeError: shared state unavailable: the single use of confirm tokens is recorded in shared state, and Redis at .* cannot be reached .*; tool 'slow_echo' was not run/) });
      } else {
        expect(o).toMatchObject({ status: 200, code: 'confirmation_required', error: expect.stringContaining('was issued before the shared state that records used tokens was restarted or emptied') });
      }
    }
    expectNoLostOrDoubledCall(confirms, (o) => o.code === 'state_unavailable' || o.code === 'confirmation_required');
    // tokens used before Redis died, replayed now, on another replica: refused, and their calls ran once only
    const usedBefore = confirms.filter((o) => o.status === 200 && !o.code && o.doneAt < killedAt).slice(0, 3);
    expect(usedBefore.length).toBeGreaterThan(0);
    for (const o of usedBefore) {
      const token = asks.find((a) => a.id === o.id)!.confirmToken;
      const replay = await call(lb.url, TOKENS.voice, { a: o.id, ms: 20 }, 'voice', 'slow_echo', { confirm_token: token });
      expect(replay).toMatchObject({ status: 200, code: 'confirmation_required', error: expect.stringContaining('was issued before the shared state that records used tokens was restarted or emptied') });
      expect(toolLog().get(o.id)!.filter((l) => l.what === 'start')).toHaveLength(1);
    }
  });
});

/** An MCP client through the balancer that re-initialises when its session is gone (HTTP 404, as the MCP spec asks). */
class McpUser {
  /** The replica (X-Served-By) its current session lives on. */
  home: string | null = null;
  /** Where its first session lived. */
  firstHome: string | null = null;
  ok = 0;
  reinitialised = 0;
  errors: string[] = [];
  timeouts: string[] = [];
  failedIds: number[] = [];
  outcomes: Outcome[] = [];
  private client!: Client;
  private lastServedBy: string | null = null;

  private constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  static async connect(base: string, token: string): Promise<McpUser> {
    const user = new McpUser(base, token);
    await user.open();
    user.firstHome = user.home;
    return user;
  }

  private async open(): Promise<void> {
    const client = new Client({ name: 'scale-test', version: '1' });
    client.onerror = () => {}; // the standalone SSE stream of a killed replica breaks; the calls below report it
    const transport = new StreamableHTTPClientTransport(new URL(`${this.base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${this.token}` } },
      fetch: async (url: string | URL, init?: RequestInit) => {
        const res = await fetch(url, init);
        this.lastServedBy = res.headers.get('x-served-by');
        return res;
      },
    });
    await client.connect(transport);
    this.client = client;
    this.home = this.lastServedBy;
  }

  loop(stop: { now: boolean }, nextId: () => number): Promise<void> {
    return (async () => {
      while (!stop.now) {
        const id = nextId();
        const sentAt = performance.now();
        try {
          const r = await this.client.callTool({ name: 'slow_echo', arguments: { a: id, ms: 150 } }, { timeout: 20_000 } as never);
          const pid = (r.structuredContent as { result?: { pid?: number } } | undefined)?.result?.pid;
          this.ok++;
          this.outcomes.push({ id, who: 'mcp', status: 200, servedBy: this.home, ...(pid ? { pid } : {}), sentAt, doneAt: performance.now() });
        } catch (err) {
          const message = String((err as Error).message);
          const status = (err as { data?: { status?: number } }).data?.status;
          if (/timed out/i.test(message)) this.timeouts.push(message);
          this.errors.push(message);
          this.failedIds.push(id);
          this.outcomes.push({ id, who: 'mcp', status: status ?? 'network', error: message, servedBy: null, sentAt, doneAt: performance.now() });
          if (status === 404) {
            await this.client.close().catch(() => undefined);
            await this.open();
            this.reinitialised++;
          }
        }
      }
    })();
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}
