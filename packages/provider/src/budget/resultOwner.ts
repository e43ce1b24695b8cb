import type { Caller } from '../service/ToolService.js';

/**
 * Who may page a result kept for `caller` (the owner key given to the {@link ResultStore}), or `undefined` when the
 * caller cannot be recognised again and its result is not kept (the answer's `truncated` marker then has no handle):
 * - an agent: the agent, on every transport (`agent <id>`), so an agent reads its handles over any door;
 * - no agent, with a session: that transport's session (`<transport> session <id>`: an MCP session or stdio
 *   connection, an OVOS `context.session.session_id`), so one anonymous client never reads another's result;
 * - the HTTP operator (the operator secret, or anyone on an open loopback server): `http operator`;
 * - the in-process embedder: `in-process`;
 * - anyone else (an OVOS bus message naming neither an agent nor a session): nobody.
 */
export function resultOwner(caller: Caller): string | undefined {
  if (caller.agentId) return `agent ${caller.agentId}`;
  if (caller.session) return `${caller.transport} session ${caller.session}`;
  if (caller.transport === 'http') return 'http operator';
  if (caller.transport === 'in-process') return 'in-process';
  return undefined;
}
