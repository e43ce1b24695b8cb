import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';
import { unknownKeys } from '@ovos-tools/core/node';
import { AgentSchema } from './agentsSchema.js';
import { createVerifier, type CredentialVerifier, type StoredCredential } from './credential.js';
import { compileToolRule, toolRuleProblem, type CompiledToolRule } from './toolRule.js';

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
const READABLE: readonly ReadableData[] = ['metrics', 'events'];


/**
 * Parses the `agents` config section. Every problem is pushed to `problems` as `agents.<id>.<key>: …` (the
 * agent is then left out, so a typo never grants access).
 * @param env - where `{"env": NAME}` credentials are read from (default `process.env`).
 */
export function parseAgentsConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): AgentDefinition[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('agents: expected an object {"<agent id>": {credential, tools, rate_per_minute?, max_concurrency?, max_output_chars?, voice?, confirm?, hivemind?, reads?}}');
    return [];
  }
  const out: AgentDefinition[] = [];
  const clients = new Map<string, string>();
  for (const [id, value] of Object.entries(raw)) {
    const where = `agents.${id}`;
    const before = problems.length;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${where}: expected an object {credential, tools}`);
      continue;
    }
    const a = value as Record<string, unknown>;
    // the keys it may have are the schema's (agentsSchema.ts), at every level
    for (const p of unknownKeys(AgentSchema, a, where)) problems.push(`${p.key}: ${p.message}`);
    const hivemindClient = a.hivemind === undefined ? undefined : parseHiveMind(a.hivemind, `${where}.hivemind`, problems);
    if (hivemindClient !== undefined) {
      const other = clients.get(hivemindClient);
      if (other !== undefined) problems.push(`${where}.hivemind.client: "${hivemindClient}" is already the HiveMind client of agent "${other}" (one satellite acts as one agent)`);
      else clients.set(hivemindClient, id);
    }
    let credential: CredentialVerifier | undefined;
    if (a.credential !== undefined) credential = parseCredential(a.credential, `${where}.credential`, problems, env);
    else if (a.hivemind === undefined) {
      problems.push(`${where}: needs a credential (for HTTP and MCP: {"sha256": "<hex>"}, {"scrypt": "scrypt$…"} or {"env": "<VARIABLE>"}), a "hivemind": {"client": "<client_id>::<client name>"} (for a HiveMind satellite), or both`);
    }
    let tools: CompiledToolRule[] = [];
    if (Array.isArray(a.tools) && a.tools.every((t) => typeof t === 'string' && t !== '')) tools = compileRules(a.tools as string[], `${where}.tools`, problems);
    else problems.push(`${where}.tools: expected a list of rules (tool names, globs, "toolbox:<id>", "tag:<tag>", "annotation:<hint>"; ["*"] for every tool)`);
    if (a.voice !== undefined && typeof a.voice !== 'boolean') problems.push(`${where}.voice: expected true or false, received ${JSON.stringify(a.voice)}`);
    let confirm: CompiledToolRule[] | undefined;
    if (a.confirm === 'never') confirm = [];
    else if (Array.isArray(a.confirm) && a.confirm.every((t) => typeof t === 'string' && t !== '')) confirm = compileRules(a.confirm as string[], `${where}.confirm`, problems);
    else if (a.confirm !== undefined) {
      problems.push(`${where}.confirm: expected "never" or a list of rules (tool names, globs, "toolbox:<id>", "tag:<tag>", "annotation:destructive"), received ${JSON.stringify(a.confirm)}`);
    }
    let reads: ReadableData[] | undefined;
    if (Array.isArray(a.reads) && a.reads.every((r) => READABLE.includes(r as ReadableData))) reads = [...new Set(a.reads as ReadableData[])];
    else if (a.reads !== undefined) problems.push(`${where}.reads: expected a list of ${READABLE.map((r) => `"${r}"`).join(', ')}, received ${JSON.stringify(a.reads)}`);
    const limit = (key: string): number | undefined => {
      const v = a[key];
      if (v === undefined) return undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
      problems.push(`${where}.${key}: expected a positive integer, received ${JSON.stringify(v)}`);
      return undefined;
    };
    const ratePerMinute = limit('rate_per_minute');
    const maxConcurrency = limit('max_concurrency');
    const maxOutputChars = outputBudget(a.max_output_chars, `${where}.max_output_chars`, problems);
    if (problems.length > before || (!credential && !hivemindClient)) continue;
    out.push({
      id,
      ...(credential ? { credential } : {}),
      ...(hivemindClient ? { hivemindClient } : {}),
      tools,
      ...(ratePerMinute ? { ratePerMinute } : {}),
      ...(maxConcurrency ? { maxConcurrency } : {}),
      ...(maxOutputChars ? { maxOutputChars } : {}),
      ...(typeof a.voice === 'boolean' ? { voice: a.voice } : {}),
      ...(confirm ? { confirm } : {}),
      ...(reads?.length ? { reads } : {}),
    });
  }
  return out;
}

/** An agent's `max_output_chars`: an integer from the marker's own size to 2^31 - 1, or absent. */
function outputBudget(v: unknown, where: string, problems: string[]): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= MIN_OUTPUT_BUDGET_CHARS && v <= MAX_OUTPUT_BUDGET_CHARS) return v;
  problems.push(`${where}: expected an integer from ${MIN_OUTPUT_BUDGET_CHARS} (the size of the 'truncated' marker itself) to ${MAX_OUTPUT_BUDGET_CHARS}, received ${JSON.stringify(v)}`);
  return undefined;
}

/**
 * Compiles a list of rules; a rule that can never match what was written (an unknown `annotation:`) is pushed to
 * `problems` as `<where>[i]: …`.
 */
export function compileRules(rules: readonly string[], where: string, problems: string[]): CompiledToolRule[] {
  rules.forEach((r, i) => {
    const problem = toolRuleProblem(r);
    if (problem) problems.push(`${where}[${i}]: ${problem}`);
  });
  return rules.map(compileToolRule);
}

/** `hivemind: {"client": "<client_id>::<client name>"}`; problems as `agents.<id>.hivemind…: …`. */
function parseHiveMind(v: unknown, where: string, problems: string[]): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    problems.push(`${where}: expected {"client": "<client_id>::<client name>"} (the HiveMind client acting as this agent)`);
    return undefined;
  }
  const h = v as Record<string, unknown>;
  const client = h.client;
  const at = typeof client === 'string' ? client.indexOf('::') : -1;
  if (typeof client !== 'string' || at <= 0 || at + 2 >= client.length) {
    problems.push(
      `${where}.client: expected "<client_id>::<client name>" as in HiveMind's database (the middle of the peer HiveMind stamps, ` +
        `"<useragent>::<client_id>::<client name>::<session_id>"), received ${JSON.stringify(client)}`,
    );
    return undefined;
  }
  return client;
}

function parseCredential(v: unknown, where: string, problems: string[], env: NodeJS.ProcessEnv): CredentialVerifier | undefined {
  const ok =
    v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 &&
    ['sha256', 'scrypt', 'env'].some((k) => typeof (v as Record<string, unknown>)[k] === 'string');
  if (!ok) {
    problems.push(`${where}: expected exactly one of {"sha256": "<hex>"}, {"scrypt": "scrypt$…"}, {"env": "<VARIABLE>"} (plain-text credentials are not accepted)`);
    return undefined;
  }
  const verifier = createVerifier(v as StoredCredential, env);
  if (typeof verifier === 'string') {
    problems.push(`${where}.${verifier}`);
    return undefined;
  }
  return verifier;
}
