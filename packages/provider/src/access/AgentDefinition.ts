import type { Static } from '@ovos-tools/core';
import { unknownKeys } from '@ovos-tools/core/node';
import { readSection, type SectionProblem } from '../service/readSection.js';
import { AgentSchema, AgentsSchema } from './agentsSchema.js';
import { createVerifier, type CredentialVerifier, type StoredCredential } from './credential.js';
import { compileToolRule, type CompiledToolRule } from './toolRule.js';

/**
 * One agent of the `agents` config section, parsed. On disk (snake_case):
 * ```json
 * "agents": {
 *   "agent:sofia": {
 *     "credential": {"sha256": "<hex>"},        // or {"scrypt": "scrypt$…"} or {"env": "SOFIA_TOKEN"}
 *     "tools": ["tag:read-only", "projects.*", "toolbox:ovos-clock-tools"],
 *     "rate_per_minute": 120,                    // optional: calls started per rolling minute
 *     "max_concurrency": 4,                      // optional: calls running at once
 *     "max_output_chars": 4000,                  // optional: default budget of its answers (issue 27)
 *     "voice": true,                             // optional: a voice persona (confirmation.voice_tools apply)
 *     "confirm": ["annotation:destructive"],     // optional: the tools it must confirm, or "never"
 *     "hivemind": {"client": "7::kitchen"},      // optional: the HiveMind satellite acting as this agent
 *     "reads": ["metrics", "events"]             // optional: operator data it may read (GET /metrics, /internal/events)
 *   }
 * }
 * ```
 * An agent needs a `credential` (HTTP, MCP over HTTP), a `hivemind` client (a satellite on the messagebus), or both.
 */
export interface AgentDefinition {
  /** The agent id, e.g. `agent:sofia` (the key of its section; `agent_id` on the HTTP API). */
  id: string;
  /** Checks a presented credential against the stored one (constant time); absent for an agent only a HiveMind satellite acts as. */
  credential?: CredentialVerifier;
  /**
   * `hivemind.client`: the HiveMind client that acts as this agent, `<client_id>::<client name>` as in HiveMind's
   * database (the stable middle of the `peer` HiveMind stamps, whatever the satellite's session).
   */
  hivemindClient?: string;
  /** The allowlist; `["*"]` allows every tool. */
  tools: CompiledToolRule[];
  /** Calls the agent may start per rolling 60 s; unlimited when absent. */
  ratePerMinute?: number;
  /** Calls of the agent running at once; unlimited when absent. */
  maxConcurrency?: number;
  /**
   * The most characters of a result's JSON in the agent's answers when a call sets no `max_output_chars` of its own
   * (a longer result is cut and paged); absent: the provider's `max_output_chars`, else no limit.
   */
  maxOutputChars?: number;
  /**
   * `voice`: the agent is a voice persona, which asks the user out loud; the provider-wide `confirmation.voice_tools`
   * (default: destructive tools) need confirmation when it calls them. Absent: decided by the transport (see the
   * confirmation settings' `voice_bus`).
   */
  voice?: boolean;
  /**
   * `confirm`: the tools this agent must have confirmed (rules as in `tools`), replacing the provider-wide ones;
   * `"never"` (an empty list here) for a trusted agent. Absent: the provider-wide confirmation settings decide.
   */
  confirm?: CompiledToolRule[];
  /**
   * `reads`: the operator's data this agent may read as well (`metrics`: `GET /metrics`; `events`: the bus traffic
   * stream `GET /internal/events`). Absent: none (both name tools hidden from it and every caller's activity).
   */
  reads?: ReadableData[];
}

/** Operator data an agent may be granted to read (`reads` of its section). */
export type ReadableData = 'metrics' | 'events';

/** The `agents` section as its schema reads it (checked, coerced). */
export type AgentsConfig = Static<typeof AgentsSchema>;

/**
 * The rules of `agents` across keys and agents, on the section as the schema read it: an agent needs a `credential`
 * or a `hivemind` client (or both), and one HiveMind client acts as one agent.
 * @returns one problem each (`agents.<id>: needs a credential …`, `agents.<id>.hivemind.client: … is already …`).
 */
export function agentRules(agents: AgentsConfig | undefined): SectionProblem[] {
  const problems: SectionProblem[] = [];
  const clients = new Map<string, string>();
  for (const [id, a] of Object.entries(agents ?? {})) {
    if (a.credential === undefined && a.hivemind === undefined) {
      problems.push({
        path: `agents.${id}`,
        keyword: 'crossField',
        message:
          'needs a credential (for HTTP and MCP: {"sha256": "<hex>"}, {"scrypt": "scrypt$…"} or {"env": "<VARIABLE>"}), a "hivemind": {"client": "<client_id>::<client name>"} (for a HiveMind satellite), or both',
      });
    }
    const client = a.hivemind?.client;
    if (client === undefined) continue;
    const other = clients.get(client);
    if (other === undefined) clients.set(client, id);
    else problems.push({ path: `agents.${id}.hivemind.client`, keyword: 'crossField', message: `"${client}" is already the HiveMind client of agent "${other}" (one satellite acts as one agent)` });
  }
  return problems;
}

/**
 * Decodes the `agents` section as the schema read it into {@link AgentDefinition}s: credentials made verifiers
 * (`{"env": NAME}` read from `env` now), rules compiled, `reads` made unique. An agent whose `{"env"}` variable is
 * unset or empty is left out and named in `problems` (`agents.<id>.credential.env: environment variable … is not
 * set or empty`); so is one with neither a credential nor a HiveMind client (see {@link agentRules}), silently.
 */
export function agentDefinitions(agents: AgentsConfig | undefined, env: NodeJS.ProcessEnv = process.env): { agents: AgentDefinition[]; problems: SectionProblem[] } {
  const out: AgentDefinition[] = [];
  const problems: SectionProblem[] = [];
  for (const [id, a] of Object.entries(agents ?? {})) {
    const verifier = a.credential === undefined ? undefined : createVerifier(a.credential as StoredCredential, env);
    if (typeof verifier === 'string') {
      problems.push({ path: `agents.${id}.credential.${verifier.slice(0, verifier.indexOf(':'))}`, keyword: 'env', message: verifier.slice(verifier.indexOf(':') + 2) });
      continue;
    }
    const hivemindClient = a.hivemind?.client;
    if (!verifier && !hivemindClient) continue;
    out.push({
      id,
      ...(verifier ? { credential: verifier } : {}),
      ...(hivemindClient ? { hivemindClient } : {}),
      tools: a.tools.map(compileToolRule),
      ...(a.rate_per_minute ? { ratePerMinute: a.rate_per_minute } : {}),
      ...(a.max_concurrency ? { maxConcurrency: a.max_concurrency } : {}),
      ...(a.max_output_chars ? { maxOutputChars: a.max_output_chars } : {}),
      ...(a.voice !== undefined ? { voice: a.voice } : {}),
      ...(a.confirm !== undefined ? { confirm: a.confirm === 'never' ? [] : a.confirm.map(compileToolRule) } : {}),
      ...(a.reads?.length ? { reads: [...new Set(a.reads)] } : {}),
    });
  }
  return { agents: out, problems };
}

/**
 * Parses the `agents` config section on its own (tests, tools and embedders; the provider's config reads it with the
 * rest): its schema (`AgentsSchema`), the rules across agents (`agentRules`), then the decode (`agentDefinitions`). Every problem is pushed to
 * `problems` as `agents.<id>.<key>: …` (the agent is then left out, so a typo never grants access).
 * @param env - where `{"env": NAME}` credentials are read from (default `process.env`).
 */
export function parseAgentsConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): AgentDefinition[] {
  if (raw === undefined || raw === null) return [];
  const section = typeof raw === 'object' && !Array.isArray(raw) ? Object.entries(raw) : [];
  const unknown = section.flatMap(([id, a]) => unknownKeys(AgentSchema, a, `agents.${id}`)).map((p) => ({ path: p.key, message: p.message }));
  const read = readSection<AgentsConfig>('agents', AgentsSchema, raw);
  const decoded = agentDefinitions(read.value, env);
  const all = [...unknown, ...read.problems, ...agentRules(read.value), ...decoded.problems];
  problems.push(...all.map((p) => `${p.path}: ${p.message}`));
  const under = (path: string, id: string) => path === `agents.${id}` || path.startsWith(`agents.${id}.`) || path.startsWith(`agents.${id}[`);
  return decoded.agents.filter((a) => !all.some((p) => under(p.path, a.id)));
}
