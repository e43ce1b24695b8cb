import type { Logger } from '@ovos-tools/core';
import type { ConfirmationStore } from '../confirm/ConfirmationStore.js';
import type { RedisScript, RedisState } from './RedisState.js';

/**
 * Records one use. KEYS[1]: the nonce's key; KEYS[2]: the store's "records since" mark. ARGV: expires at, issued at
 * (ms; 0: unknown), extra ms to remember the use past the expiry. Answers 1 (first use), 0 (used before) or 2 (the
 * mark is not older than the token: Redis lost its records since the token was issued — or in the same millisecond —,
 * so it cannot say). Time is Redis's own.
 */
const CLAIM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expiresAt, issuedAt, slack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local since = tonumber(redis.call('GET', KEYS[2]))
if not since then
  since = now
  redis.call('SET', KEYS[2], now)
end
if issuedAt > 0 and issuedAt <= since then return 2 end
local ttl = math.max(expiresAt - now, 0) + slack
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ttl) then return 1 end
return 0
`;

/** Sets the "records since" mark to Redis's time, unless it is there. KEYS[1]: the mark. */
const MARK = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('TIME')
redis.call('SET', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
return 1
`;

/** Options of {@link RedisConfirmationStore}. */
export interface RedisConfirmationStoreOptions {
  /**
   * How long past a token's expiry its use is remembered, in ms: replicas whose clocks lag Redis's accept a token a
   * little longer, so its use must outlive that. Default 60,000.
   */
  clockSlackMs?: number;
  /** Where a failure to set the "records since" mark is logged (debug; the next claim sets it). */
  logger?: Logger;
}

/**
 * A {@link ConfirmationStore} in the Redis every replica shares (`state.redis`): a confirm token issued by one replica
 * (signed with the `confirmation.secret` they share) is accepted once on any of them. A use is one `SET <nonce> 1 NX
 * PX <until the token expires, plus clock slack>`, atomic across replicas (one Lua script, on Redis's clock).
 *
 * A Redis that restarts without persistence (or is emptied) forgets which tokens were used, and would accept them
 * again. So the store keeps a mark, "records since", set to Redis's time when it is missing — by every replica as it
 * (re)connects, and by any claim that finds it missing — and a token issued before the mark is answered
 * `'unverifiable'` (the call is refused and confirmed anew), never accepted a second time. The mark has no expiry:
 * run this Redis with `maxmemory-policy noeviction` (a policy that evicts keys could drop a used token's key).
 *
 * Redis down: `claim` rejects with a `StateUnavailableError` (code `state_unavailable`): the call is refused, never
 * run unconfirmed. A claim whose answer was lost may have recorded the use: the token then reads as used, and the
 * call is confirmed anew; it never runs twice.
 */
export class RedisConfirmationStore implements ConfirmationStore {
  readonly #state: RedisState;
  readonly #claim: RedisScript;
  readonly #mark: RedisScript;
  readonly #since: string;
  readonly #slack: number;
  readonly #logger: Logger | undefined;

  /** Registers with `state` to set the mark on every (re)connection: build it before `state.start()`. */
  constructor(state: RedisState, options: RedisConfirmationStoreOptions = {}) {
    this.#state = state;
    this.#claim = state.script(CLAIM, 2);
    this.#mark = state.script(MARK, 1);
    this.#since = state.key('{confirm}', 'since');
    this.#slack = options.clockSlackMs ?? 60_000;
    this.#logger = options.logger;
    state.onReady(() => void this.#markSince());
  }

  /**
   * {@inheritDoc ConfirmationStore.claim}
   * @throws StateUnavailableError (as a rejection) when Redis cannot be reached.
   */
  async claim(id: string, expiresAt: number, issuedAt?: number): Promise<boolean | 'unverifiable'> {
    const answer = await this.#claim([this.#usedKey(id), this.#since], [Math.floor(expiresAt), Math.max(0, Math.floor(issuedAt ?? 0)), this.#slack]);
    return answer === 2 ? 'unverifiable' : answer === 1;
  }

  /**
   * {@inheritDoc ConfirmationStore.clear} For every replica sharing the Redis: tokens used before are then answered
   * `'unverifiable'` (the mark starts again), never accepted twice.
   * @throws StateUnavailableError when Redis cannot be reached.
   */
  async clear(): Promise<void> {
    const pattern = `${this.#usedKey('').replace(/[*?[\]\\]/g, '\\$&')}*`; // the prefix matched literally
    await this.#state.run(async (redis) => {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.del(this.#since);
    });
    await this.#markSince();
  }

  /** The key of a nonce's use; the `{confirm}` hash tag keeps it in the mark's Cluster slot, as the script needs. */
  #usedKey(id: string): string {
    return this.#state.key('{confirm}', 'used', id);
  }

  async #markSince(): Promise<void> {
    try {
      await this.#mark([this.#since], []);
    } catch (err) {
      this.#logger?.debug(`shared state: could not mark when confirm-token records start (${(err as Error).message}); the next claim marks it`);
    }
  }
}
