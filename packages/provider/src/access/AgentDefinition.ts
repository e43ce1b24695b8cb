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
 *     "hivemind": {"client": "7::kitchen"}       // optional: the HiveMind satellite acting as this agent
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
}

const AGENT_KEYS = new Set(['credential', 'tools', 'rate_per_minute', 'max_concurrency', 'hivemind']);

/**
 * Parses the `agents` config section. Every problem is pushed to `problems` as `agents.<id>.<key>: …` (the
 * agent is then left out, so a typo never grants access).
 * @param env - where `{"env": NAME}` credentials are read from (default `process.env`).
 */
export function parseAgentsConfig(raw: unknown, problems: string[], env: NodeJS.ProcessEnv = process.env): AgentDefinition[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('agents: expected an object {"<agent id>": {credential, tools, rate_per_minute?, max_concurrency?, hivemind?}}');
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
    for (const key of Object.keys(a)) if (!AGENT_KEYS.has(key)) problems.push(`${where}.${key}: unknown key (expected one of ${[...AGENT_KEYS].join(', ')})`);
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
    if (Array.isArray(a.tools) && a.tools.every((t) => typeof t === 'string' && t !== '')) tools = (a.tools as string[]).map(compileToolRule);
    else problems.push(`${where}.tools: expected a list of rules (tool names, globs, "toolbox:<id>", "tag:<tag>"; ["*"] for every tool)`);
    const limit = (key: string): number | undefined => {
      const v = a[key];
      if (v === undefined) return undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
      problems.push(`${where}.${key}: expected a positive integer, received ${JSON.stringify(v)}`);
      return undefined;
    };
    const ratePerMinute = limit('rate_per_minute');
    const maxConcurrency = limit('max_concurrency');
    if (problems.length > before || (!credential && !hivemindClient)) continue;
    out.push({
      id,
      ...(credential ? { credential } : {}),
      ...(hivemindClient ? { hivemindClient } : {}),
      tools,
      ...(ratePerMinute ? { ratePerMinute } : {}),
      ...(maxConcurrency ? { maxConcurrency } : {}),
    });
  }
  return out;
}

/** `hivemind: {"client": "<client_id>::<client name>"}`; problems as `agents.<id>.hivemind…: …`. */
function parseHiveMind(v: unknown, where: string, problems: string[]): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    problems.push(`${where}: expected {"client": "<client_id>::<client name>"} (the HiveMind client acting as this agent)`);
    return undefined;
  }
  const h = v as Record<string, unknown>;
  for (const key of Object.keys(h)) if (key !== 'client') problems.push(`${where}.${key}: unknown key (expected client)`);
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
