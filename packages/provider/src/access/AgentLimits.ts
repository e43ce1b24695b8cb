/** A granted slot: call `release()` once the call has finished; or a refusal naming the limit. */
export type LimitDecision =
  | {
      /** The call may run. */
      ok: true;
      /** Frees the slot; call once when the call ends (extra calls are ignored). */
      release: () => void;
    }
  | {
      /** Refused. */
      ok: false;
      /**
       * Why, naming the agent: the limit that refused (`agent "kid": max_concurrency 2 reached`), or, with
       * `unavailable`, the shared store that could not be asked.
       */
      rule: string;
      /** For a `rate_per_minute` refusal: ms until the oldest counted start leaves the 60 s window. */
      retryAfterMs?: number;
      /**
       * True when the limits could not be checked at all: they are counted in a shared store (Redis) that cannot be
       * reached now. The call is refused rather than counted per replica (which would multiply the agent's budget).
       */
      unavailable?: boolean;
    };

/**
 * Where per-agent limits (`rate_per_minute`, `max_concurrency`) are counted: in this process (`AgentLimiter`),
 * or in a store every replica shares (`RedisAgentLimiter`, `state: {redis: …}`). Refuses at once rather than
 * queueing (the service's own policy queues). Answers synchronously when it can, so the in-memory path costs no
 * promise; a shared store answers with a promise that never rejects.
 */
export interface AgentLimits {
  /**
   * Takes a slot for `agentId`'s next call, or says which limit refused. An agent that is not declared, or has
   * neither limit, always gets a slot at once (no shared store is asked).
   */
  acquire(agentId: string | undefined): LimitDecision | Promise<LimitDecision>;
}

/** A granted slot whose `release` runs `free` once, however often it is called. */
export function grantedSlot(free: () => void): LimitDecision {
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      free();
    },
  };
}

/** The refusal texts every {@link AgentLimits} gives, so an agent reads the same rule whichever counts its calls. */
export const limitRules = {
  /** `agent "kid": max_concurrency 2 reached`. */
  concurrency: (agent: { id: string; maxConcurrency?: number }): string => `agent "${agent.id}": max_concurrency ${agent.maxConcurrency} reached`,
  /** `agent "kid": rate_per_minute 60 reached`. */
  rate: (agent: { id: string; ratePerMinute?: number }): string => `agent "${agent.id}": rate_per_minute ${agent.ratePerMinute} reached`,
};
