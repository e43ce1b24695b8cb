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
  return typeof value === 'string' && value !== '' ? { transport: 'ovos-bus', agentId: value } : { transport: 'ovos-bus' };
}

/**
 * {@link busCaller} in the shape `ToolsProvider`'s `busCaller` option takes (`(message) => Caller`):
 * `new ToolsProvider({..., busCaller: busCallerOf({contextField: 'agent_id'})})`. Advisory, as {@link busCaller}.
 */
export function busCallerOf(options: BusCallerOptions = {}): (message: { context?: JsonObject }) => Caller {
  return (message) => busCaller(message.context, options);
}
