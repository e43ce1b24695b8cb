import { silentLogger } from '@ovos-tools/core';
import { parseAgentsConfig, parseProviderConfig, ProviderConfigError, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { LimitDecision } from '../src/access/AgentLimits.js';
import { RedisAgentLimiter } from '../src/state/RedisAgentLimiter.js';
import { RedisState } from '../src/state/RedisState.js';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';
import { startRedis, type RedisServer } from './helpers/redisServer.mjs';
import { freePort } from './helpers/serve.js';

/**
 * Shared state in Redis (issue 31): per-agent limits counted across replicas (two limiters on two connections stand
 * for two replicas here; the e2e scale test runs three real ones behind HAProxy), a killed replica's slots freeing
 * themselves, and Redis down refusing what needs it, never counting per replica. Needs Debian's redis-server.
 */
const skipReason = inject('redisSkipReason');
if (skipReason) process.stdout.write(`[sharedState.test] skipped: ${skipReason}\n`);

function problemsOf(raw: unknown): string[] {
  try {
    parseProviderConfig(raw);
  } catch (err) {
    if (err instanceof ProviderConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('the state config', () => {
  test('absent: no shared state; present: defaults filled in', () => {
    expect(parseProviderConfig({}).state).toBeUndefined();
    expect(parseProviderConfig({ state: { redis: 'redis://10.0.0.5:6379/2' } }).state).toEqual({
      redis: { url: 'redis://10.0.0.5:6379/2', keyPrefix: 'ovos-tools:', commandTimeoutMs: 1000 },
    });
    process.env.OVOS_TOOLS_TEST_REDIS_URL = 'rediss://:secret@cache.example:6380';
    try {
      expect(parseProviderConfig({ state: { redis_env: 'OVOS_TOOLS_TEST_REDIS_URL', key_prefix: 'home:', command_timeout_ms: 250 } }).state).toEqual({
        redis: { url: 'rediss://:secret@cache.example:6380', keyPrefix: 'home:', commandTimeoutMs: 250 },
      });
    } finally {
      delete process.env.OVOS_TOOLS_TEST_REDIS_URL;
    }
  });

  test('a malformed state config names the key, and never repeats a password', () => {
    expect(problemsOf({ state: 'redis://127.0.0.1:6379' })).toEqual([
      `provider config 'state': must be an object {"redis": "redis://host:6379/0"} or {"redis_env": "<VARIABLE holding the URL>"}, with optional key_prefix and command_timeout_ms, received "redis://127.0.0.1:6379"`,
    ]);
    expect(problemsOf({ state: {} })).toEqual([expect.stringMatching(/^provider config 'state\.redis': is required: /)]);
    expect(problemsOf({ state: { redis: 'http://127.0.0.1:6379' } })).toEqual([
      `provider config 'state.redis': must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0, received "http://127.0.0.1:6379"`,
    ]);
    const withPassword = problemsOf({ state: { redis: 'redis://:hunter2secret@127.0.0.1:6379/zero' } });
    expect(withPassword).toEqual([expect.stringContaining(`'state.redis': must be a redis:// or rediss:// URL`)]);
    expect(withPassword.join()).not.toContain('hunter2secret');
    expect(problemsOf({ state: { redis: 'redis://127.0.0.1', command_timeout_ms: 0, key_prefix: 'a b', ttl: 5 } })).toEqual([
      "provider config 'state.ttl': unknown key (expected one of redis, redis_env, key_prefix, command_timeout_ms)",
      "provider config 'state.key_prefix': must be a string of at most 64 characters without spaces or braces, received \"a b\"",
      "provider config 'state.command_timeout_ms': must be an integer from 10 to 60000 (milliseconds), received 0",
    ]);
    expect(problemsOf({ state: { redis_env: 'OVOS_TOOLS_TEST_NO_SUCH_VAR' } })).toEqual([
      "provider config 'state.redis_env': environment variable OVOS_TOOLS_TEST_NO_SUCH_VAR is not set or empty",
    ]);
  });
});

describe.skipIf(Boolean(skipReason))('per-agent limits counted in Redis', () => {
  let redis: RedisServer;
  const states: RedisState[] = [];
  const limiters: RedisAgentLimiter[] = [];
  let prefixSeq = 0;

  /** One "replica": its own connection and limiter, on a key prefix of the test's own. */
  async function replica(agents: ReturnType<typeof parseAgentsConfig>, prefix: string, leaseMs = 30_000) {
    const state = new RedisState({ url: redis.url, keyPrefix: prefix, commandTimeoutMs: 500 }, silentLogger);
    await state.start();
    states.push(state);
    const limiter = new RedisAgentLimiter(state, agents, { leaseMs });
    limiters.push(limiter);
    return limiter;
  }
  const take = async (l: RedisAgentLimiter, agent: string): Promise<LimitDecision> => l.acquire(agent);

  beforeAll(async () => {
    redis = await startRedis(await freePort());
  });
  afterAll(async () => {
    for (const l of limiters) l.close();
    for (const s of states) await s.close();
    await redis?.kill();
  });

  test('rate_per_minute holds across two replicas, with the wait until the window frees a slot', async () => {
    const agents = parseAgentsConfig({ kid: { hivemind: { client: '1::kid' }, tools: ['*'], rate_per_minute: 3 } }, []);
    const prefix = `t${++prefixSeq}:`;
    const [a, b] = [await replica(agents, prefix), await replica(agents, prefix)];
    const decisions = [await take(a, 'kid'), await take(b, 'kid'), await take(a, 'kid'), await take(b, 'kid')];
    expect(decisions.map((d) => d.ok)).toEqual([true, true, true, false]);
    const refused = decisions[3] as Extract<LimitDecision, { ok: false }>;
    expect(refused.rule).toBe('agent "kid": rate_per_minute 3 reached');
    expect(refused.unavailable).toBeUndefined();
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  test('max_concurrency holds across replicas; a release frees the slot for any replica', async () => {
    const agents = parseAgentsConfig({ kid: { hivemind: { client: '1::kid' }, tools: ['*'], max_concurrency: 2 } }, []);
    const prefix = `t${++prefixSeq}:`;
    const [a, b] = [await replica(agents, prefix), await replica(agents, prefix)];
    const first = await take(a, 'kid');
    const second = await take(b, 'kid');
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(await take(a, 'kid')).toEqual({ ok: false, rule: 'agent "kid": max_concurrency 2 reached' });
    if (second.ok) second.release();
    await expect.poll(async () => (await take(a, 'kid')).ok, { timeout: 2000 }).toBe(true);
  });

  test('a replica that dies holding slots: they free themselves when its lease ends; a live replica keeps its slot by renewing', async () => {
    const agents = parseAgentsConfig({ kid: { hivemind: { client: '1::kid' }, tools: ['*'], max_concurrency: 1 } }, []);
    const prefix = `t${++prefixSeq}:`;
    // a 1.5 s lease: short enough to watch it end, long enough that a loaded machine's late renewal timer cannot
    // let a live replica's slot lapse
    const dying = await replica(agents, prefix, 1500);
    const other = await replica(agents, prefix, 1500);
    expect((await take(dying, 'kid')).ok).toBe(true);
    dying.close(); // stops renewing, as a SIGKILLed replica would; its slot is never released
    expect((await take(other, 'kid')).ok).toBe(false);
    await expect.poll(async () => (await take(other, 'kid')).ok, { timeout: 15_000, interval: 100 }).toBe(true);
    // `other` now holds the slot and renews it well past its 1.5 s lease
    await new Promise((r) => setTimeout(r, 3500));
    expect(await take(dying, 'kid')).toEqual({ ok: false, rule: 'agent "kid": max_concurrency 1 reached' });
  });

  test('an agent without limits, and a caller without an agent, never ask Redis (a slot at once, no promise)', async () => {
    const agents = parseAgentsConfig({ free: { hivemind: { client: '2::free' }, tools: ['*'] } }, []);
    const l = await replica(agents, `t${++prefixSeq}:`);
    const slot = l.acquire('free');
    expect(slot instanceof Promise).toBe(false);
    expect((slot as LimitDecision).ok).toBe(true);
    expect((l.acquire(undefined) as LimitDecision).ok).toBe(true);
  });

  test('Redis killed: refused as unavailable naming the store and the cause, at once; counted again once Redis is back', async () => {
    const agents = parseAgentsConfig({ kid: { hivemind: { client: '1::kid' }, tools: ['*'], rate_per_minute: 100 } }, []);
    const l = await replica(agents, `t${++prefixSeq}:`);
    expect((await take(l, 'kid')).ok).toBe(true);
    await redis.kill();
    const started = performance.now();
    const refused = await take(l, 'kid');
    expect(performance.now() - started).toBeLessThan(1500); // bounded by command_timeout_ms, never waiting for Redis
    expect(refused).toMatchObject({ ok: false, unavailable: true, retryAfterMs: 1000 });
    expect((refused as { rule: string }).rule).toMatch(new RegExp(`^agent "kid": its rate_per_minute and max_concurrency are counted in shared state, and Redis at redis://127\\.0\\.0\\.1:${redis.port}/0 cannot be reached \\(`));
    await redis.restart();
    await expect.poll(async () => (await take(l, 'kid')).ok, { timeout: 5000, interval: 100 }).toBe(true);
  });
});

describe.skipIf(Boolean(skipReason))('a provider with state.redis', () => {
  test('Redis down at start: it serves calls that need no shared state and refuses (state_unavailable) those that do', async () => {
    const redis = await startRedis(await freePort());
    await redis.kill(); // a port nothing listens on any more
    const root = makePluginRoot();
    root.addPackage('pair-tools', toolboxEntry('pair'), { 'index.js': toolboxSource('pair', { echo_tool: '() => ({ result: "ok" })' }) });
    const settings = parseProviderConfig({
      isolation: 'inline',
      federation: false,
      state: { redis: redis.url, command_timeout_ms: 300 },
      agents: {
        limited: { hivemind: { client: '1::limited' }, tools: ['*'], rate_per_minute: 10 },
        free: { hivemind: { client: '2::free' }, tools: ['*'] },
      },
    });
    const provider = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings, logger: silentLogger, brain: null });
    try {
      await provider.start();
      const call = (agentId?: string) => provider.service.invoke({ name: 'echo_tool', args: {}, caller: { transport: 'http', ...(agentId ? { agentId } : {}) } });
      expect(await call('free')).toMatchObject({ ok: true });
      expect(await call()).toMatchObject({ ok: true });
      const refused = await call('limited');
      expect(refused).toMatchObject({ ok: false, retryAfterMs: 1000, error: { code: 'state_unavailable' } });
      expect(!refused.ok && refused.error.error).toMatch(/^RuntimeError: shared state unavailable: agent "limited": .* Redis at redis:\/\/127\.0\.0\.1:\d+\/0 cannot be reached .*; the call was not started, retry later$/);
      await redis.restart();
      await expect.poll(async () => (await call('limited')).ok, { timeout: 5000, interval: 100 }).toBe(true);
    } finally {
      await provider.close();
      await redis.kill();
      root.cleanup();
    }
  });
});
