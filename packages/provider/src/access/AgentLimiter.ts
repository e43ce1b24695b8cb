import type { AgentDefinition } from './AgentDefinition.js';
import { grantedSlot, limitRules, type AgentLimits, type LimitDecision } from './AgentLimits.js';

const UNLIMITED: LimitDecision = { ok: true, release: () => {} };

/**
 * Per-agent limits counted in this process: calls started per rolling minute (`rate_per_minute`) and calls running
 * at once (`max_concurrency`). Refuses at once rather than queueing (the service's own policy queues). Always answers
 * synchronously. With several replicas each counts its own: use a shared {@link AgentLimits} (`state.redis`) there.
 */
export class AgentLimiter implements AgentLimits {
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
      return { ok: false, rule: limitRules.concurrency(agent) };
    }
    if (agent.ratePerMinute !== undefined) {
      const now = this.#now();
      const recent = (this.#starts.get(agent.id) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= agent.ratePerMinute) {
        this.#starts.set(agent.id, recent);
        return { ok: false, rule: limitRules.rate(agent), retryAfterMs: Math.max(0, 60_000 - (now - recent[0]!)) };
      }
      recent.push(now);
      this.#starts.set(agent.id, recent);
    }
    this.#running.set(agent.id, running + 1);
    return grantedSlot(() => this.#running.set(agent.id, (this.#running.get(agent.id) ?? 1) - 1));
  }
}
