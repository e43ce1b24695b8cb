import { randomUUID } from 'node:crypto';
import type { Logger } from '@ovos-tools/core';
import type { AgentDefinition } from '../access/AgentDefinition.js';
import { grantedSlot, limitRules, type AgentLimits, type LimitDecision } from '../access/AgentLimits.js';
import type { RedisScript, RedisState } from './RedisState.js';

/**
 * Takes a slot atomically. KEYS[1]: the agent's starts (sorted set: call id → start, ms); KEYS[2]: its running calls
 * (call id → lease end, ms). ARGV: rate_per_minute (0: none), max_concurrency (0: none), lease ms, call id. Time is
 * Redis's own (`TIME`), so replicas with skewed clocks count the same window. Answers {0, now} (granted),
 * {1, 0} (max_concurrency reached) or {2, ms until the oldest start leaves the window} (rate_per_minute reached).
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, max, lease, id = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
if max > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= max then return {1, 0} end
end
if rate > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60000)
  if redis.call('ZCARD', KEYS[1]) >= rate then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {2, 60000 - (now - tonumber(oldest[2]))}
  end
  redis.call('ZADD', KEYS[1], now, id)
  redis.call('PEXPIRE', KEYS[1], 60000)
end
if max > 0 then
  redis.call('ZADD', KEYS[2], now + lease, id)
  redis.call('PEXPIRE', KEYS[2], lease * 2)
end
return {0, now}
`;

/** Extends the leases of running calls. KEYS[1]: running; ARGV: lease ms, then the call ids (only those still there). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + lease, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], lease * 2)
return #ARGV - 1
`;

/** Options of {@link RedisAgentLimiter}. */
export interface RedisAgentLimiterOptions {
  /** Where failures to release or renew are logged (debug); the lease then ends by itself. */
  logger?: Logger;
  /**
   * How long a running call holds its `max_concurrency` slot without renewal, in ms; the replica renews its calls'
   * leases every third of it, so only a replica that died (SIGKILL, power loss) leaves slots behind, for at most
   * this long. Default 30000.
   */
  leaseMs?: number;
}

const UNLIMITED: LimitDecision = { ok: true, release: () => {} };

/**
 * Per-agent limits counted in the Redis every replica shares (`state.redis`), so an agent's `rate_per_minute` and
 * `max_concurrency` hold across replicas instead of multiplying by their number. One Lua script per call checks
 * and takes the slot atomically: calls started in the last 60 s of Redis's clock (a sorted set per agent, expiring
 * with the window), and calls running (leases that the replica running them renews, so a killed replica's slots
 * free themselves within `leaseMs`). Agents without limits (and callers without an agent) never touch Redis.
 *
 * Redis down: a call of an agent with limits is refused (`unavailable`, code `state_unavailable`), never counted per
 * replica; a call whose slot Redis may have taken before the answer was lost is refused too, and its slot given back
 * when possible (else its start stays counted for the window and its lease ends by itself). A release that fails
 * is left to the lease.
 */
export class RedisAgentLimiter implements AgentLimits {
  readonly #state: RedisState;
  readonly #agents: Map<string, AgentDefinition>;
  readonly #logger: Logger | undefined;
  readonly #leaseMs: number;
  readonly #acquire: RedisScript;
  readonly #renew: RedisScript;
  readonly #replica = randomUUID().slice(0, 8);
  #seq = 0;
  /** Running calls holding a `max_concurrency` lease, by agent id. */
  readonly #held = new Map<string, Set<string>>();
  readonly #renewer: NodeJS.Timeout;

  constructor(state: RedisState, agents: readonly AgentDefinition[], options: RedisAgentLimiterOptions = {}) {
    this.#state = state;
    this.#agents = new Map(agents.filter((a) => a.ratePerMinute !== undefined || a.maxConcurrency !== undefined).map((a) => [a.id, a]));
    this.#logger = options.logger;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#acquire = state.script(ACQUIRE, 2);
    this.#renew = state.script(RENEW, 1);
    this.#renewer = setInterval(() => void this.#renewAll(), Math.max(50, Math.floor(this.#leaseMs / 3)));
    this.#renewer.unref();
  }

  /** Takes a slot for `agentId` in Redis; agents without limits get one at once, without asking Redis. */
  acquire(agentId: string | undefined): LimitDecision | Promise<LimitDecision> {
    const agent = agentId ? this.#agents.get(agentId) : undefined;
    return agent ? this.#take(agent) : UNLIMITED;
  }

  /** Stops renewing leases (on shutdown; the leases of calls still running then end by themselves). */
  close(): void {
    clearInterval(this.#renewer);
  }

  async #take(agent: AgentDefinition): Promise<LimitDecision> {
    const id = `${this.#replica}:${++this.#seq}`;
    const keys = this.#keys(agent.id);
    let answer: [number, number];
    try {
      answer = (await this.#acquire(keys, [agent.ratePerMinute ?? 0, agent.maxConcurrency ?? 0, this.#leaseMs, id])) as [number, number];
    } catch (err) {
      // Redis may have taken the slot before the answer was lost: give it back if it can be reached again
      void this.#state.run((redis) => redis.pipeline().zrem(keys[0]!, id).zrem(keys[1]!, id).exec()).catch(() => undefined);
      return { ok: false, unavailable: true, rule: `agent "${agent.id}": its rate_per_minute and max_concurrency are counted in shared state, and ${(err as Error).message}`, retryAfterMs: 1000 };
    }
    const [status, value] = answer;
    if (status === 1) return { ok: false, rule: limitRules.concurrency(agent) };
    if (status === 2) return { ok: false, rule: limitRules.rate(agent), retryAfterMs: Math.max(0, Number(value)) };
    if (agent.maxConcurrency === undefined) return UNLIMITED;
    let held = this.#held.get(agent.id);
    if (!held) this.#held.set(agent.id, (held = new Set()));
    held.add(id);
    return grantedSlot(() => {
      held.delete(id);
      if (!held.size) this.#held.delete(agent.id);
      this.#state.run((redis) => redis.zrem(keys[1]!, id)).catch((err: Error) => this.#logger?.debug(`shared state: could not release a slot of agent "${agent.id}" (${err.message}); its lease ends within ${this.#leaseMs} ms`));
    });
  }

  async #renewAll(): Promise<void> {
    for (const [agentId, ids] of this.#held) {
      try {
        await this.#renew([this.#keys(agentId)[1]!], [this.#leaseMs, ...ids]);
      } catch (err) {
        this.#logger?.debug(`shared state: could not renew the running calls of agent "${agentId}" (${(err as Error).message})`);
      }
    }
  }

  /** The agent's two keys; the `{agent id}` hash tag keeps them in one Redis Cluster slot, as a script needs. */
  #keys(agentId: string): [string, string] {
    return [this.#state.key('agent', `{${agentId}}`, 'starts'), this.#state.key('agent', `{${agentId}}`, 'running')];
  }
}
