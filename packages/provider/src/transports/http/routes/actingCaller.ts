import type { FastifyRequest } from 'fastify';
import type { Caller, ToolService } from '../../../service/ToolService.js';
import { callerOf, stateOf } from '../requestState.js';

/**
 * The caller a request acts for, given the `agent_id` its body or query names: asked of the service (its access
 * control decides the claim) and recorded for the access log; or why the claim is refused.
 */
export function actingCaller(service: ToolService, req: FastifyRequest, claimed: string | undefined): Caller | { refused: string } {
  const acting = service.actingFor(callerOf(req), claimed);
  if (!('refused' in acting)) stateOf(req).caller = acting;
  return acting;
}
