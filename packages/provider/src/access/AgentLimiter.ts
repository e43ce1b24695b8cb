import type { AgentDefinition } from './AgentDefinition.js';

/** A granted slot: call `release()` once the call has finished. */
export type LimitDecision =
  | {
      /** The call may run. */
      ok: true;
      /** Frees the slot; call once when the call ends. */
      release: () => void;
    }
  | {
      /** Refused. */
      ok: false;
      /** The limit that refused, e.g. `agent "kid": max_concurrency 2 reached`. */
      rule: string;
      /** For a `rate_per_minute` refusal: ms until the oldest counted start leaves the 60 s window. */
      retryAfterMs?: number;
    };

const UNLIMITED: LimitDecision = { ok: true, release: () => {} };

/**
 * Per-agent limits: calls started per rolling minute (`rate_per_minute`) and calls running at once
 * (`max_concurrency`). Refuses at once rather than queueing (the service's own policy queues).
 */
export class AgentLimiter {
  readonly #agents: Map<string, AgentDefinition>;
  readonly #starts = new Map<string, number[]>();
  readonly #running = new Map<string, number>();
  readonly #now: () => number;

  /** @param now - the clock in ms (tests pass a fake one). */
  constructor(agents: readonly AgentDefinition[], now: () => number = Date.now) {
    this.#agents = new Map(agents.map((a) => [a.id, a]));
    this.#now = now;
  }

  /** Takes a slot for `agentId`, or says which limit refused (`agent "x": rate_per_minute 60 reached`). */
  acquire(agentId: string | undefined): LimitDecision {
    const agent = agentId ? this.#agents.get(agentId) : undefined;
    if (!agent) return UNLIMITED;
    const running = this.#running.get(agent.id) ?? 0;
    if (agent.maxConcurrency !== undefined && running >= agent.maxConcurrency) {
      return { ok: false, rule: `agent "${agent.id}": max_concurrency ${agent.maxConcurrency} reached` };
    }
    if (agent.ratePerMinute !== undefined) {
      const now = this.#now();
      const recent = (this.#starts.get(agent.id) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= agent.ratePerMinute) {
        this.#starts.set(agent.id, recent);
        return { ok: false, rule: `agent "${agent.id}": rate_per_minute ${agent.ratePerMinute} reached`, retryAfterMs: Math.max(0, 60_000 - (now - recent[0]!)) };
      }
      recent.push(now);
      this.#starts.set(agent.id, recent);
    }
    this.#running.set(agent.id, running + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#running.set(agent.id, (this.#running.get(agent.id) ?? 1) - 1);
      },
    };
  }
}
