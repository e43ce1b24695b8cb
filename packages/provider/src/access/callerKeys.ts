import type { AccessDecision, ActingRefusal, SessionRules } from '../service/AccessDecision.js';
import type { Caller } from '../service/Caller.js';
import { forbiddenRefusal } from '../service/Refusal.js';

/**
 * Who may page a result kept for `caller` (the owner key given to the {@link ResultStore}), or `undefined` when the
 * caller cannot be recognised again and its result is not kept (the answer's `truncated` marker then has no handle):
 * - an agent: the agent, on every transport (`agent <id>`), so an agent reads its handles over any door;
 * - no agent, with a session: that transport's session (`<transport> session <id>`: an MCP session or stdio
 *   connection, an OVOS `context.session.session_id`), so one anonymous client never reads another's result;
 * - the HTTP operator (the operator secret): `operator`; anyone on an open loopback HTTP server (no credential
 *   configured): `http anonymous` (never the operator's key);
 * - the in-process embedder: `in-process`;
 * - anyone else (an OVOS bus message naming neither an agent nor a session): nobody.
 * Each owner's results are evicted before another's (see the result stores), so these keys are also the shares.
 */
export function resultOwner(caller: Caller): string | undefined {
  if (caller.agentId) return `agent ${caller.agentId}`;
  if (caller.session) return `${caller.transport} session ${caller.session}`;
  if (caller.operator) return 'operator';
  if (caller.transport === 'http') return 'http anonymous';
  if (caller.transport === 'in-process') return 'in-process';
  return undefined;
}

/**
 * The key sessions are counted under for the per-caller session cap (`mcp.max_sessions_per_caller`) and whose
 * sessions a caller may use: its agent (`agent <id>`), else `operator` for the operator secret, else `anonymous`
 * (an open loopback server, where every caller is the same unauthenticated one).
 */
export function sessionOwner(caller: Caller): string {
  if (caller.agentId) return `agent ${caller.agentId}`;
  return caller.operator ? 'operator' : 'anonymous';
}

/** May `caller` use a session opened by `opener`? Only the same {@link sessionOwner}. */
export function mayUseSession(opener: Caller, caller: Caller): AccessDecision {
  return sessionOwner(opener) === sessionOwner(caller) ? { allowed: true } : { allowed: false, rule: 'this session belongs to another caller' };
}

/**
 * Who a request acts for, given the `agent_id` its body or query names (toolcore's runtime: one service secret, any
 * `agent_id` per request): an agent credential acts for its own agent only (another name is refused); the operator
 * secret acts for the named agent (that agent's rules apply, and an agent not declared under `agents` gets toolcore's
 * rule: every tool whose `allowed_agents` is null or names it); a caller with no credential (an open loopback
 * server) ignores the name, as it could claim any. A refusal is an {@link ActingRefusal} (HTTP 403 `forbidden`).
 */
export function actingFor(caller: Caller, claimed: string | undefined): Caller | ActingRefusal {
  if (claimed === undefined || claimed === '' || claimed === caller.agentId) return caller;
  if (caller.agentId) {
    const rule = `agent_id "${claimed}" does not match the credential, which acts for agent "${caller.agentId}"`;
    return { refused: rule, refusal: forbiddenRefusal(rule) };
  }
  if (!caller.operator) return caller;
  return { ...caller, agentId: claimed };
}

/** The session rules of {@link sessionOwner} and {@link mayUseSession}. */
export const DEFAULT_SESSION_RULES: SessionRules = Object.freeze({ owner: sessionOwner, mayUse: mayUseSession });
