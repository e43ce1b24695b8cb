import { sha256Hex } from './credential.js';
import type { AgentDefinition } from './AgentDefinition.js';

/** Finds the agent a presented credential belongs to; `undefined` when none does. */
export type AgentResolver = (credential: string) => AgentDefinition | undefined;

/**
 * Builds the credential → agent resolver used by the HTTP API and the MCP HTTP endpoint. sha256/env credentials
 * are found by digest in one map lookup; scrypt ones are tried in turn (each verify costs ~50 ms of CPU by design,
 * so prefer sha256 for many agents).
 */
export function createAgentResolver(agents: readonly AgentDefinition[]): AgentResolver {
  const byDigest = new Map<string, AgentDefinition>();
  const slow: AgentDefinition[] = [];
  for (const a of agents) {
    if (!a.credential) continue; // a satellite-only agent: no credential to present
    if (a.credential.sha256) byDigest.set(a.credential.sha256, a);
    else slow.push(a);
  }
  return (credential) => {
    if (!credential) return undefined;
    const fast = byDigest.get(sha256Hex(credential));
    if (fast && fast.credential!.verify(credential)) return fast;
    return slow.find((a) => a.credential!.verify(credential));
  };
}

/**
 * Builds the HiveMind client → agent id lookup the OVOS bus transport uses for satellites: the agent whose
 * `hivemind.client` is exactly the client key (`<client_id>::<client name>`), else `undefined`.
 */
export function createSatelliteResolver(agents: readonly AgentDefinition[]): (client: string) => string | undefined {
  const byClient = new Map<string, string>();
  for (const a of agents) if (a.hivemindClient) byClient.set(a.hivemindClient, a.id);
  return (client) => byClient.get(client);
}

/**
 * The credential an HTTP request presents: `Authorization: Bearer <token>` or the seed's `X-Internal-Secret`
 * header (Bearer wins when both are sent). Header names are lower-case, as Node gives them.
 */
export function credentialFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers.authorization;
  const a = Array.isArray(auth) ? auth[0] : auth;
  const bearer = a ? /^Bearer\s+(.+)$/i.exec(a.trim())?.[1] : undefined;
  if (bearer) return bearer;
  const secret = headers['x-internal-secret'];
  const s = Array.isArray(secret) ? secret[0] : secret;
  return s || undefined;
}
