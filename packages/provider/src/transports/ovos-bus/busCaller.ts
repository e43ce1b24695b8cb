import type { JsonObject } from '@ovos-tools/core';
import type { Caller } from '../../service/Caller.js';
import { hivemindOrigin } from './hivemindPeer.js';

/** Options of {@link busCaller}. */
export interface BusCallerOptions {
  /** The message-context key naming the agent (`bus_agent_field`); default `agent_id`; `false` reads none. */
  contextField?: string | false;
  /**
   * The agent declared for a HiveMind client key (`<client_id>::<client name>`), if any: access control's
   * `createSatelliteResolver` over the `agents` section. Default: none is declared.
   */
  satelliteAgent?: (client: string) => string | undefined;
}

/**
 * The {@link Caller} of a request that came over the OVOS messagebus:
 * - relayed by HiveMind (the context has the `peer` HiveMind stamps; see `hivemindOrigin`): a satellite caller,
 *   acting for the agent declared for its client key (`<client_id>::<client name>`, whatever its session) or for
 *   none (then it may do nothing). Every other context key — `agent_id` included — is the satellite's own claim and
 *   passes through HiveMind unchecked, so it is not read;
 * - otherwise: the agent named by `context[contextField]` (a non-empty string), else none.
 *
 * The plain-bus agent claim is **advisory** unless the messagebus requires a secret: any bus client can write any
 * context, so it keeps honest agents to their allowlists and does not stop a hostile client on an open bus.
 */
export function busCaller(context: JsonObject | undefined, options: BusCallerOptions = {}): Caller {
  const hivemind = hivemindOrigin(context);
  if (hivemind) {
    const client = hivemind.parsed?.client;
    const agentId = client ? options.satelliteAgent?.(client) : undefined;
    return { transport: 'ovos-bus', satellite: { peer: hivemind.peer, ...(client ? { client } : {}) }, ...(agentId ? { agentId } : {}) };
  }
  const field = options.contextField ?? 'agent_id';
  const value = field === false ? undefined : context?.[field];
  return typeof value === 'string' && value !== '' ? { transport: 'ovos-bus', agentId: value } : { transport: 'ovos-bus' };
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
 * {@link busCaller} in the shape `registerOvosBus`'s `callerOf` option takes (`(message) => Caller`):
 * `registerOvosBus(bus, service, {logger, callerOf: busCallerOf({contextField: 'agent_id'})})`. Advisory, as {@link busCaller}.
 */
export function busCallerOf(options: BusCallerOptions = {}): (message: { context?: JsonObject }) => Caller {
  return (message) => busCaller(message.context, options);
}
