import type { JsonObject } from '@ovos-tools/core';
import type { Caller } from '../../service/ToolService.js';

/** Options of {@link busCaller}. */
export interface BusCallerOptions {
  /** The message-context key naming the agent; default `agent_id`. */
  contextField?: string;
}

/**
 * The {@link Caller} of a request that came over the OVOS messagebus: the agent named by
 * `context[contextField]` (a non-empty string), else none.
 *
 * **Advisory only** unless the messagebus requires a secret: any bus client can write any context, so this
 * policy keys permissions on a claim, not on a credential. It keeps honest agents to their allowlists; it does
 * not stop a hostile client on an open bus. The integrator wires it into the bus transport.
 */
export function busCaller(context: JsonObject | undefined, options: BusCallerOptions = {}): Caller {
  const value = context?.[options.contextField ?? 'agent_id'];
  return withBusSession(typeof value === 'string' && value !== '' ? { transport: 'ovos-bus', agentId: value } : { transport: 'ovos-bus' }, context);
}

/**
 * `caller` with the OVOS session of the message added: `context.session.session_id` when it is a non-empty string
 * (and `caller` names no session yet). The session only scopes result handles of callers without an agent
 * (`resultOwner`); it is as advisory as every other context key on a bus without a secret.
 */
export function withBusSession(caller: Caller, context: JsonObject | undefined): Caller {
  if (caller.session !== undefined) return caller;
  const session = context?.session;
  const id = session !== null && typeof session === 'object' && !Array.isArray(session) ? (session as JsonObject).session_id : undefined;
  return typeof id === 'string' && id !== '' ? { ...caller, session: id } : caller;
}

/**
 * {@link busCaller} in the shape `ToolsProvider`'s `busCaller` option takes (`(message) => Caller`):
 * `new ToolsProvider({..., busCaller: busCallerOf({contextField: 'agent_id'})})`. Advisory, as {@link busCaller}.
 */
export function busCallerOf(options: BusCallerOptions = {}): (message: { context?: JsonObject }) => Caller {
  return (message) => busCaller(message.context, options);
}
