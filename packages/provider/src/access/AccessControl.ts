import type { WireError } from '@ovos-tools/core';
import type { AccessDecision, ActingRefusal, OperatorAction, SessionRules } from '../service/AccessDecision.js';
import type { Caller } from '../service/Caller.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { Refusal } from '../service/Refusal.js';
import { actingFor, DEFAULT_SESSION_RULES } from './callerKeys.js';
import type { AgentDefinition } from './AgentDefinition.js';
import { AgentLimiter } from './AgentLimiter.js';
import type { AgentLimits, LimitDecision } from './AgentLimits.js';
import { createAuthorizer } from './createAuthorizer.js';
import { wireErrors } from '../service/wireErrors.js';

/**
 * Who can reach the messagebus the provider serves on, as far as the provider can tell:
 * - `loopback`: only this machine (an embedded bus bound to 127.0.0.1, a URL on loopback, an in-process bus);
 * - `authenticated`: every client had to present the bus's shared secret;
 * - `open`: anyone who can reach the address, with no secret.
 */
export type BusExposure = 'loopback' | 'authenticated' | 'open';

/**
 * `bus_reload`: who may send `ovos.tools.reload` on the messagebus. `auto` (default): a bus message that names no
 * agent may reload when the bus is loopback-only or authenticated, never on an open bus (a reload restarts changed
 * toolboxes and costs every caller latency, so it is an operator's act); `allow`: any bus message naming no agent;
 * `deny`: never over the bus (use the CLI on the HTTP API, or SIGHUP). An agent may never reload, on any transport.
 */
export type BusReloadRule = 'auto' | 'allow' | 'deny';

/** An admission to start a call now: `release()` once it has ended; or a refusal naming the agent limit. */
export type Admission =
  | {
      /** The call may start. */
      ok: true;
      /** Frees the agent's concurrency slot; call exactly once when the call ends (extra calls are ignored). */
      release: () => void;
    }
  | ({
      /** Refused: the caller's agent is over its `rate_per_minute` or `max_concurrency`, or they cannot be counted now. */
      ok: false;
      /**
       * `{error: 'refused by agent "x": rate_per_minute 60 reached', code: 'rate_limited'}`, or code
       * `state_unavailable` when the agent's limits are counted in a shared store (Redis) that cannot be reached.
       */
      error: WireError;
      /** When to try again, in ms from now (a rate window, or a short pause for the shared store), if known; transports send it as `Retry-After`. */
      retryAfterMs?: number;
    } & Refusal);

/**
 * The one place that decides what a caller may do, asked by the tool service for every transport (OVOS bus, HTTP,
 * MCP over stdio and over HTTP, in-process): transports only turn their credential into a {@link Caller}.
 */
export interface AccessControl {
  /** May `caller` see and call `entry`? (agents' allowlists, the tool's `allowed_agents`, `bus_requires_agent`). */
  canUse(caller: Caller, entry: CatalogEntry): AccessDecision;
  /**
   * May `caller` start a call now? (its agent's `rate_per_minute` and `max_concurrency`; callers without an agent,
   * and agents without limits, are not limited here). Synchronous when the limits are counted in this process; a
   * promise (that never rejects) when they are counted in a shared store.
   */
  admit(caller: Caller): Admission | Promise<Admission>;
  /**
   * May `caller` perform an operator action? `reload`: never an agent; `metrics` and `events` (reading the provider's
   * counters, the bus traffic): an agent only when its `reads` grants it; bus callers per {@link BusReloadRule}.
   */
  allows(caller: Caller, action: OperatorAction): AccessDecision;
  /** Who a request acts for, given the `agent_id` it names; default `actingFor` of callerKeys. */
  actingFor?(caller: Caller, claimedAgentId: string | undefined): Caller | ActingRefusal;
  /** Whose sessions a caller may use and the key its session quota counts under; default `sessionOwner`/`mayUseSession` of callerKeys. */
  readonly sessions?: SessionRules;
}

/** What {@link createAccessControl} is built from: the `agents` section and the bus rules. */
export interface AccessControlOptions {
  /** The declared agents (credentials, allowlists, limits). */
  agents: readonly AgentDefinition[];
  /** Refuse bus messages that name no agent (`bus_requires_agent`); default false. */
  busRequiresAgent?: boolean;
  /** Who may reload over the bus (`bus_reload`); default `auto`. */
  busReload?: BusReloadRule;
  /** Who can reach the bus; default `loopback`. `ovos-tools serve` sets it from the bus it serves on. */
  busExposure?: BusExposure;
  /** The clock for rate windows, in ms (tests pass a fake one); default `Date.now`. */
  now?: () => number;
  /**
   * Where the agents' limits are counted; default an {@link AgentLimiter} in this process. Replicas behind a balancer
   * pass one that every replica shares (`RedisAgentLimiter` with `state.redis`), so an agent's budget holds across them.
   */
  limits?: AgentLimits;
}

/**
 * Builds the provider's {@link AccessControl}. Decisions, first refusal wins:
 * - tools: see `createAuthorizer` (a caller naming no agent sees every tool but those with `allowed_agents`; an
 *   undeclared agent nothing; an agent what its allowlist and the tools' `allowed_agents` allow);
 * - starting a call: the agent's `rate_per_minute` (calls started in the last 60 s) and `max_concurrency` (calls
 *   running), refused at once with code `rate_limited` (never queued: the service's own policy queues); when they are
 *   counted in a shared store that cannot be reached, refused with code `state_unavailable` (never counted per replica);
 * - operator actions: refused to every agent and every HiveMind satellite; to a bus caller naming no agent per
 *   `busReload` and `busExposure`;
 *   allowed to the HTTP operator secret, the in-process embedder and MCP over stdio without `--agent`, and to an
 *   anonymous HTTP caller only on a loopback door (its exposure is an input here, as `busExposure` is: `doorCaller`
 *   marks the caller with it); refused to an anonymous HTTP caller on any other door.
 */
export function createAccessControl(options: AccessControlOptions): AccessControl {
  const authorize = createAuthorizer({ agents: options.agents, busRequiresAgent: options.busRequiresAgent ?? false });
  const limiter = options.limits ?? new AgentLimiter(options.agents, options.now);
  const busReload = options.busReload ?? 'auto';
  const exposure = options.busExposure ?? 'loopback';
  const agents = new Map(options.agents.map((a) => [a.id, a]));
  return {
    canUse: authorize,
    actingFor,
    sessions: DEFAULT_SESSION_RULES,
    admit(caller) {
      const slot = limiter.acquire(caller.agentId);
      return slot instanceof Promise ? slot.then(toAdmission) : toAdmission(slot);
    },
    allows(caller, action) {
      const what = action === 'reload' ? 'reload' : action === 'metrics' ? 'read the metrics' : 'read the bus traffic stream';
      if (caller.agentId) {
        if (action !== 'reload' && agents.get(caller.agentId)?.reads?.includes(action)) return { allowed: true };
        const grant = action === 'reload' ? '' : ` (grant it with "reads": ["${action}"] in its section of agents)`;
        return { allowed: false, rule: `${action} is for the operator: agent "${caller.agentId}" may not ${what}${grant}` };
      }
      if (caller.satellite) return { allowed: false, rule: `${action} is for the operator: a HiveMind satellite (peer "${caller.satellite.peer}") may not ${what}` };
      if (caller.transport !== 'ovos-bus') return doorAllows(caller, action, what);
      if (options.busRequiresAgent) return { allowed: false, rule: `${action} is for the operator: the bus message names no agent and bus_requires_agent is set` };
      if (action !== 'reload') return { allowed: true };
      if (busReload === 'allow' || (busReload === 'auto' && exposure !== 'open')) return { allowed: true };
      const why =
        busReload === 'deny'
          ? 'bus_reload is "deny"'
          : 'the messagebus is reachable from other machines without a shared secret (bus_reload "auto"); set a bus secret, or bus_reload "allow"';
      return { allowed: false, rule: `reload over the messagebus is refused: ${why}; or reload through the HTTP API (POST /internal/tools/reload with the operator secret)` };
    },
  };
}

/**
 * An operator action asked by a caller naming no agent on a door other than the bus: the operator secret, the
 * in-process embedder and MCP over stdio may; an anonymous caller of an HTTP door only when that door is `loopback`
 * (its exposure, as access identified it: `doorCaller`); an HTTP caller with neither a credential nor a door never.
 */
function doorAllows(caller: Caller, action: OperatorAction, what: string): AccessDecision {
  if (caller.operator) return { allowed: true };
  const door = caller.door ?? (caller.transport === 'http' ? 'open' : undefined);
  if (door === undefined || door === 'loopback') return { allowed: true };
  return { allowed: false, rule: `${action} is for the operator: a request without a credential on an HTTP door other machines can reach may not ${what}; present the operator secret` };
}

function toAdmission(slot: LimitDecision): Admission {
  if (slot.ok) return slot;
  const error = slot.unavailable ? wireErrors.stateUnavailable(slot.rule) : wireErrors.rateLimited(slot.rule);
  return { ok: false, error, rule: slot.rule, ...(slot.retryAfterMs !== undefined ? { retryAfterMs: slot.retryAfterMs } : {}) };
}
