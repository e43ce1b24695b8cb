import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import { routePath } from '../../access/door.js';
import { createAgentResolver, credentialFromHeaders } from '../../access/resolveAgent.js';
import type { Caller } from '../../service/Caller.js';
import { isInspectorPath } from './inspector/registerInspectorRoutes.js';
import { stateOf } from './requestState.js';

/** What {@link authenticationHook} checks credentials against. */
export interface Credentials {
  /** The operator secret, if any. */
  secret?: string | undefined;
  /** The declared agents now (a config reload may change them). */
  agents: () => readonly AgentDefinition[];
  /** Whether a request without a credential is refused now (a secret or agents are configured, or the server is public). */
  required: () => boolean;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The authentication layer (as the MCP SDK's `requireBearerAuth` → `req.auth`): an `onRequest` hook that turns the
 * request's credential (`X-Internal-Secret` or `Authorization: Bearer`) into its {@link Caller} — an agent credential
 * acts for its agent, the operator secret for the operator (`operator: true`), no credential on an open loopback
 * server for an anonymous caller — or answers 401 `unauthorized`, saying nothing about what exists. `/health` and
 * the inspector's static files need no credential. It decides nothing else: what the caller may do is the service's.
 */
export function authenticationHook(credentials: Credentials) {
  let resolverOf: { agents: readonly AgentDefinition[]; resolve: ReturnType<typeof createAgentResolver> } | undefined;
  const resolveAgent = (credential: string) => {
    const agents = credentials.agents();
    if (resolverOf?.agents !== agents) resolverOf = { agents, resolve: createAgentResolver(agents) };
    return resolverOf.resolve(credential);
  };
  const callerFor = (credential: string | undefined): Caller | undefined => {
    const agent = credential ? resolveAgent(credential) : undefined;
    if (agent) return { transport: 'http', agentId: agent.id };
    if (credential && credentials.secret && sameSecret(credential, credentials.secret)) return { transport: 'http', operator: true };
    if (!credential && !credentials.required()) return { transport: 'http' };
    return undefined;
  };
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // judged on the route the request reaches (the route Fastify matched; else the normalised target)
    const path = req.routeOptions?.url ?? routePath(req.url);
    if (path === '/health' || isInspectorPath(path)) return;
    const caller = callerFor(credentialFromHeaders(req.headers));
    if (caller) {
      stateOf(req).caller = caller;
      return;
    }
    stateOf(req).outcome = 'unauthorized';
    await reply.code(401).send({
      ok: false,
      code: 'unauthorized',
      error: 'unauthorized: every route but /health and /inspector (also /openapi.json and /mcp) needs a valid credential in X-Internal-Secret or Authorization: Bearer',
    });
  };
}
