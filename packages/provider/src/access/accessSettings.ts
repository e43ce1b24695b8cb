import { createHash } from 'node:crypto';
import { Type, type Static } from '@ovos-tools/core';
import type { BusReloadRule } from './AccessControl.js';
import { agentDefinitions, type AgentDefinition } from './AgentDefinition.js';
import type { SectionProblem } from '../service/readSection.js';
import { AgentsSchema } from './agentsSchema.js';
import type { ReloadRule } from '../service/ReloadRule.js';

/** Access control's keys of the provider config (snake_case on disk); `agents` is `AgentsSchema`. */
export const AccessKeys = Type.Object({
  agents: Type.Optional(AgentsSchema),
  bus_requires_agent: Type.Boolean({ default: false, description: 'Refuse bus messages that name no agent' }),
  bus_reload: Type.Enum(['auto', 'allow', 'deny'], { default: 'auto', description: 'Who may reload over the messagebus (auto: not on an open bus)' }),
});

/** Who may do what (access control's part of the provider config). */
export interface AccessSettings {
  /** `agents`: agents with a hashed (or env) credential, a tool allowlist and optional limits. */
  agents: AgentDefinition[];
  /** `bus_requires_agent`: refuse bus messages that name no agent (in `bus_agent_field`); default false (a stock OVOS bus names none). */
  busRequiresAgent: boolean;
  /** `bus_reload`: who may send `ovos.tools.reload` on the bus: `auto` (default; not on an open bus), `allow` or `deny`. */
  busReload: BusReloadRule;
  /** A SHA-256 of the access keys as written (`agents`, `bus_requires_agent`, `bus_reload`); see `accessReload`. */
  digest: string;
}

/**
 * The {@link AccessSettings} of keys read against {@link AccessKeys} (the schema checked every agent's keys):
 * credentials made verifiers, rules compiled (see `agentDefinitions`). An agent whose `{"env"}` credential's
 * variable is unset is left out (so a typo never grants access) and named in `problems`.
 * @param env - where `{"env": NAME}` credentials are read (default `process.env`).
 */
export function accessSettings(k: Static<typeof AccessKeys>, env: NodeJS.ProcessEnv = process.env): { settings: AccessSettings; problems: SectionProblem[] } {
  const digest = createHash('sha256').update(JSON.stringify([k.agents ?? null, k.bus_requires_agent, k.bus_reload])).digest('hex');
  const { agents, problems } = agentDefinitions(k.agents, env);
  return { settings: { agents, busRequiresAgent: k.bus_requires_agent, busReload: k.bus_reload, digest }, problems };
}

/**
 * How a reload applies the {@link AccessSettings}: live; a reload whose access keys read the same (`digest`) keeps
 * the running settings, and with them the running access control, every agent's rate window and calls in flight.
 */
export const accessReload: ReloadRule<AccessSettings> = { same: (running, next) => running.digest === next.digest };
