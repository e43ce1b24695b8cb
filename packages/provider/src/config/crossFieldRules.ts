import { configProblem } from '@ovos-tools/core/node';
import { agentRules, type AgentDefinition } from '../access/AgentDefinition.js';
import { resultStoreRules } from '../budget/budgetSettings.js';
import type { SectionProblem } from '../service/readSection.js';
import { stateRules } from '../state/stateSettings.js';
import { duplicateCredentials } from './duplicateCredentials.js';
import type { ProviderConfigFile } from './ProviderConfigSchema.js';

/**
 * A rule across keys (what one key's schema cannot say): it reads the config as the schema read it, and the agents
 * decoded from it (their credentials' digests), and names each problem at its path.
 */
export type CrossFieldRule = (k: ProviderConfigFile, agents: readonly AgentDefinition[]) => SectionProblem[];

/** Why `bus_agent_field: "peer"` is refused. */
const BUS_AGENT_FIELD_PEER =
  "must not be \"peer\": HiveMind stamps context.peer on every satellite's message and such a request acts as the agent declared for its client (agents.<id>.hivemind), so this field could never name an agent; use e.g. \"agent_id\"";

const crossField = (key: string, expected: string, received: unknown): SectionProblem => {
  const p = configProblem(key, expected, received);
  return { path: p.key, keyword: 'crossField', message: p.message };
};

/**
 * Every rule across keys of the provider config, in one place; `parseProviderConfig` runs them all after the schema
 * read the file. A feature's own rules are defined next to its schema (`agentRules`, `stateRules`, `resultStoreRules`).
 */
export const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  // an agent needs a credential or a HiveMind client; one client acts as one agent
  (k) => agentRules(k.agents),
  // two agents with one credential: a token would act as whichever is found first
  (k, agents) => duplicateCredentials(agents, k.agents),
  // `mcp.agent` names a declared agent
  (k) => {
    const agent = k.mcp?.agent;
    const ids = Object.keys(k.agents ?? {});
    return agent === undefined || ids.includes(agent) ? [] : [crossField('mcp.agent', `must name an agent declared in agents (${ids.join(', ') || 'none is'})`, agent)];
  },
  // `bus_agent_field` is not HiveMind's `peer`
  (k) => (k.bus_agent_field === 'peer' ? [crossField('bus_agent_field', BUS_AGENT_FIELD_PEER, k.bus_agent_field)] : []),
  // one caller's share of the result store is at most the whole
  (k) => resultStoreRules(k.result_store),
  // `state`: exactly one of redis and redis_env
  (k) => stateRules(k.state),
];
