import type { AccessDecision, Authorizer } from '../service/AccessDecision.js';
import type { Caller, SatelliteOrigin } from '../service/Caller.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { AgentDefinition } from './AgentDefinition.js';

/** Options of {@link createAuthorizer}. */
export interface AuthorizerOptions {
  /** The declared agents. */
  agents: readonly AgentDefinition[];
  /**
   * Refuse bus callers that name no agent (see {@link busCaller}); default false: an OVOS bus caller without an
   * agent sees every tool, as on a stock OVOS bus.
   */
  busRequiresAgent?: boolean;
}

/**
 * Builds the service's {@link Authorizer} from the agents config. Decision order, first refusal wins:
 * 0. a HiveMind satellite whose client no agent declares (`hivemind.client`): refused every tool (deny by default;
 *    a satellite never falls back to the rights of a caller naming no agent);
 * 1. a caller that names no agent (in-process, an open bus, the HTTP operator secret, a transport without
 *    credentials): allowed, except tools that have `allowed_agents` (those need an agent) and, with
 *    `busRequiresAgent`, any tool on the OVOS bus;
 * 2. an agent that is not declared: refused (`agent "x": not declared in agents`), unless the operator secret acts
 *    for it (toolcore's runtime: one service secret, any `agent_id`): then every tool whose `allowed_agents` is
 *    absent or names it;
 * 3. the tool's own `allowed_agents`, when it has one: refused if the agent is not listed;
 * 4. the agent's allowlist: allowed by the first matching rule, else refused naming the rules it has.
 */
export function createAuthorizer(options: AuthorizerOptions): Authorizer {
  const byId = new Map(options.agents.map((a) => [a.id, a]));
  return (caller: Caller, entry: CatalogEntry): AccessDecision => {
    const name = entry.tool.name;
    if (caller.satellite && !caller.agentId) return { allowed: false, rule: satelliteWithoutAgent(caller.satellite) };
    if (!caller.agentId) {
      if (caller.transport === 'ovos-bus' && options.busRequiresAgent) return { allowed: false, rule: 'no agent: the bus message names no agent' };
      const only = entry.tool.allowedAgents;
      if (only && caller.transport !== 'in-process') {
        return { allowed: false, rule: `tool "${name}": allowed_agents ${JSON.stringify(only)} needs an agent credential` };
      }
      return { allowed: true };
    }
    const agent = byId.get(caller.agentId);
    const allowedAgents = entry.tool.allowedAgents;
    if (!agent) {
      if (!caller.operator) return { allowed: false, rule: `agent "${caller.agentId}": not declared in agents` };
      if (!allowedAgents || allowedAgents.includes(caller.agentId)) return { allowed: true };
      return { allowed: false, rule: `tool "${name}": allowed_agents ${JSON.stringify(allowedAgents)} does not include "${caller.agentId}"` };
    }
    if (allowedAgents && !allowedAgents.includes(agent.id)) {
      return { allowed: false, rule: `tool "${name}": allowed_agents ${JSON.stringify(allowedAgents)} does not include "${agent.id}"` };
    }
    if (agent.tools.some((r) => r.matches(entry))) return { allowed: true };
    return { allowed: false, rule: `agent "${agent.id}": tool "${name}" matches none of its rules ${JSON.stringify(agent.tools.map((r) => r.text))}` };
  };
}

/** Why a HiveMind satellite without a declared agent is refused, with the config that would declare it. */
function satelliteWithoutAgent(satellite: SatelliteOrigin): string {
  if (!satellite.client) {
    return `HiveMind peer ${JSON.stringify(satellite.peer)} is not of the form <useragent>::<client_id>::<client name>::<session_id>, so it matches no agent (a satellite without an agent may do nothing)`;
  }
  return `HiveMind client "${satellite.client}" is no agent's: declare one with "hivemind": {"client": "${satellite.client}"} (a satellite without an agent may do nothing)`;
}
