import { Type, type Static } from '@ovos-tools/core';
import { applyLive, type ReloadRule } from '../../service/ReloadRule.js';

/** The bus transport's keys of the provider config. */
export const BusKeys = Type.Object({
  bus_agent_field: Type.Optional(Type.String({ minLength: 1, description: 'The message-context key naming the agent' })),
});

/** How the OVOS bus transport tells who a request acts for (its part of the provider config). */
export interface BusSettings {
  /**
   * `bus_agent_field`: the OVOS message-context key that names the agent of a bus request (e.g. `agent_id`), so the
   * agents' allowlists apply on the bus too. Advisory: any bus client can write any context, so this keeps honest
   * agents to their allowlists and binds hostile ones only when the messagebus requires a secret. Off by default.
   */
  agentField: string | undefined;
}

/** The {@link BusSettings} of keys read against {@link BusKeys}. */
export function busSettings(k: Static<typeof BusKeys>): BusSettings {
  return { agentField: k.bus_agent_field };
}

/** How a reload applies the BusSettings: live, as a whole. */
export const busReload: ReloadRule<BusSettings> = applyLive();
