import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import { doorCaller, routePath, type HttpExposure } from '../../access/door.js';
import { createAgentResolver, credentialFromHeaders } from '../../access/resolveAgent.js';
import type { Caller } from '../../service/Caller.js';
import { isInspectorPath } from './inspector/registerInspectorRoutes.js';
import { sendRefusal } from './refusalReply.js';
import { stateOf } from './requestState.js';

/** What {@link authenticationHook} checks credentials against. */
export interface Credentials {
  /** The operator secret, if any. */
  secret?: string | undefined;
  /** The declared agents now (a config reload may change them). */
  agents: () => readonly AgentDefinition[];
  /** Who can reach the server now (`httpExposure`): access decides from it whether a request without a credential is anyone. */
  exposure: () => HttpExposure;
}


/**
 * The authentication layer (as the MCP SDK's `requireBearerAuth` → `req.auth`): an `onRequest` hook that asks access
 * (`doorCaller`, given the server's exposure) who the request's credential (`X-Internal-Secret` or `Authorization:
 * Bearer`) is — an agent, the operator, or on a loopback door with no credential an anonymous caller — or answers
 * 401 `unauthorized`, saying nothing about what exists. `/health` and the inspector's static files need no
 * credential. It decides nothing itself: who the caller is and what it may do are access's.
 */
export function authenticationHook(credentials: Credentials) {
  let resolverOf: { agents: readonly AgentDefinition[]; resolve: ReturnType<typeof createAgentResolver> } | undefined;
  const agentFor = (credential: string) => {
    const agents = credentials.agents();
    if (resolverOf?.agents !== agents) resolverOf = { agents, resolve: createAgentResolver(agents) };
    return resolverOf.resolve(credential);
  };
  const callerFor = (credential: string | undefined) => doorCaller({ exposure: credentials.exposure(), secret: credentials.secret, agentFor }, credential);
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
    await sendRefusal(reply, {
      error: { error: 'unauthorized: every route but /health and /inspector (also /openapi.json and /mcp) needs a valid credential in X-Internal-Secret or Authorization: Bearer', code: 'unauthorized' },
    });
  };
}
