import type { FastifyRequest } from 'fastify';
import type { ActingRefusal, OperatorAction } from '../../../service/AccessDecision.js';
import type { Caller } from '../../../service/Caller.js';
import type { Refusal } from '../../../service/Refusal.js';
import type { ToolService } from '../../../service/ToolService.js';
import { wireErrors } from '../../../service/wireErrors.js';
import { callerOf, stateOf } from '../requestState.js';

/**
 * The caller a request acts for, given the `agent_id` its body or query names: asked of the service (its access
 * control decides the claim) and recorded for the access log; or why the claim is refused.
 */
export function actingCaller(service: ToolService, req: FastifyRequest, claimed: string | undefined): Caller | ActingRefusal {
  const acting = service.actingFor(callerOf(req), claimed);
  if (!('refused' in acting)) stateOf(req).caller = acting;
  return acting;
}

/**
 * The `agent_id` an operator route's request names, in its query or (a POST) its JSON body; `undefined` when none.
 * The same rule as every tool route: the operator secret with `agent_id` acts as that agent (whose rules apply), an
 * agent credential naming another agent is refused. A value that is not a string is named as sent, so the service
 * refuses it rather than ignoring it.
 */
export function claimedAgentId(req: FastifyRequest): string | undefined {
  const fromQuery = (req.query as { agent_id?: unknown } | undefined)?.agent_id;
  const body = req.body as { agent_id?: unknown } | null | undefined;
  const claimed = fromQuery ?? (body !== null && typeof body === 'object' && !Array.isArray(body) ? body.agent_id : undefined);
  return claimed === undefined ? undefined : String(claimed);
}

/** {@link actingCaller} for the `agent_id` an operator route's request names ({@link claimedAgentId}). */
export function operatorRouteCaller(service: ToolService, req: FastifyRequest): Caller | ActingRefusal {
  return actingCaller(service, req, claimedAgentId(req));
}

/**
 * Why an operator route's request may not perform `action` (the service's access control, asked for the caller its
 * `agent_id` names), as one {@link Refusal}: `PermissionError: <rule>`, code `forbidden` — a refused claim and a
 * refused action alike; `undefined` when it may.
 */
export function operatorRefusal(service: ToolService, req: FastifyRequest, action: OperatorAction): Refusal | undefined {
  const caller = operatorRouteCaller(service, req);
  const decision = 'refused' in caller ? undefined : service.allows(caller, action);
  if (decision?.allowed) return undefined;
  const rule = decision ? decision.rule : (caller as ActingRefusal).refused;
  return { error: wireErrors.operatorOnly(rule), rule };
}
