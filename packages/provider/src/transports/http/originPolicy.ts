import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostOriginRefusal, type OriginPolicy } from '../../access/door.js';
import { forbiddenRefusal } from '../../service/Refusal.js';
import { MCP_PATH } from './httpServerOptions.js';
import { sendRefusal } from './refusalReply.js';
import { stateOf } from './requestState.js';

/**
 * The one Host/Origin policy of every route, as an `onRequest` hook that runs before authentication: access's pure
 * `hostOriginRefusal` (DNS rebinding: `Host`; browsers: `Origin` and `Sec-Fetch-Site` on every state-changing request
 * and every `/mcp` request), judged on the route the request reaches (`routePath`: `/%6Dcp` is `/mcp`); a refusal is
 * answered 403 `forbidden`.
 */
export function originPolicyHook(policy: OriginPolicy) {
  const judged: OriginPolicy = { ...policy, originCheckedPaths: [...(policy.originCheckedPaths ?? []), MCP_PATH] };
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // the route Fastify matched is judged too (whatever spelling reached it)
    const routed = req.routeOptions?.url === MCP_PATH ? MCP_PATH : req.url;
    const refusal = hostOriginRefusal(judged, { method: req.method, url: routed, host: req.headers.host, origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'] });
    if (refusal === undefined) return;
    stateOf(req).outcome = 'forbidden';
    await sendRefusal(reply, forbiddenRefusal(refusal));
  };
}
