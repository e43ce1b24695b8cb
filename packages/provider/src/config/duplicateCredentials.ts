import type { AgentDefinition } from '../access/AgentDefinition.js';
import type { SectionProblem } from '../service/readSection.js';

/**
 * Agents that share a credential: one problem (`agents.<id>.credential: …`) for each agent whose credential
 * is another's — the same SHA-256 (a `sha256` digest, or the token an `env` credential holds, hashed) or the same
 * `scrypt` string. With two, a token would act as whichever agent is found first, so this is an error at start and
 * on reload. (Two different scrypt hashes of one token cannot be told apart without the token.)
 * @param raw - the `agents` section as written (for scrypt strings).
 */
export function duplicateCredentials(agents: readonly AgentDefinition[], raw: unknown): SectionProblem[] {
  const seen = new Map<string, string>();
  const out: SectionProblem[] = [];
  const section = raw !== null && typeof raw === 'object' ? (raw as Record<string, { credential?: { scrypt?: unknown } }>) : {};
  for (const agent of agents) {
    const scrypt = section[agent.id]?.credential?.scrypt;
    const key = agent.credential?.sha256 !== undefined ? `sha256:${agent.credential.sha256}` : typeof scrypt === 'string' ? `scrypt:${scrypt}` : undefined;
    if (key === undefined) continue;
    const other = seen.get(key);
    if (other === undefined) seen.set(key, agent.id);
    else {
      const message = `is the credential of agent "${other}" too; give each agent its own (a token would otherwise act as both)`;
      out.push({ path: `agents.${agent.id}.credential`, keyword: 'duplicateCredential', message });
    }
  }
  return out;
}
