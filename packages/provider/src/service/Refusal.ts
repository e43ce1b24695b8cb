import type { WireError } from '@ovos-tools/core';
import type { ConfirmationRequest } from './ConfirmationRequest.js';

/**
 * The one verdict of every refusal the service gives, whatever asked it (lookup's unknown tool, access, a claimed
 * `agent_id`, an operator action, confirmation, an agent's limits, the first load): the wire error every door puts on
 * its wire, the rule that refused, and what the answer carries beside it. Outcomes that can refuse (`InvokeOutcome`,
 * `ListOutcome`, `GetOutcome`, `ReloadOutcome`, `Admission`, a refused `AccessDecision` or `actingFor`) carry these
 * fields; each transport has one refusal → wire mapper (HTTP status and body, MCP error result, bus `{error, code}`).
 */
export interface Refusal {
  /** `{error, code}` exactly as every door shows it (an OVOS-style text, core's `ToolErrorCode` or a door's code). */
  error: WireError;
  /** The rule that refused, bare (e.g. `agent "kid": tool not in allowlist`), when one did; the text of `error` names it too. */
  rule?: string;
  /** When to retry, in ms from now (`rate_limited`, `state_unavailable`, the first load), if known; HTTP's `Retry-After`. */
  retryAfterMs?: number;
  /** The confirmation to ask for (`confirmation_required`). */
  confirmation?: ConfirmationRequest;
  /** The toolbox of the tool refused, when the answer names it (access, confirmation, the agent's limits). */
  toolboxId?: string;
}

/** A refusal by a rule of access (code `forbidden`): `error` is `text` as it is, `rule` the rule's own words. */
export function forbiddenRefusal(text: string, rule: string = text): Refusal {
  return { error: { error: text, code: 'forbidden' }, rule };
}
