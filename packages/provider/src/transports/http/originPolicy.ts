import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '@ovos-tools/messagebus';
import { MCP_PATH } from './httpServerOptions.js';
import { stateOf } from './requestState.js';

/** What {@link originPolicyHook} accepts. */
export interface OriginPolicy {
  /** The address the server listens on: a loopback one checks `Host` on every request (DNS rebinding). */
  host: string;
  /** The port it listens on (asked per request: known once listening). */
  port: () => number;
  /** More `Host` values accepted (`http.allowed_hosts`); when set, a non-loopback server checks `Host` too. */
  allowedHosts?: readonly string[] | undefined;
  /** Browser origins accepted besides the server's own (`http.allowed_origins`). */
  allowedOrigins?: readonly string[] | undefined;
}

/** Methods that change state: a browser sends them cross-site without asking (a "simple" request) or after a preflight. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `host[:port]` of a Host header, split; `undefined` when it does not parse. */
function splitHost(value: string): { name: string; port: string } | undefined {
  try {
    const url = new URL(`http://${value}`);
    return { name: url.hostname, port: url.port || '80' };
  } catch {
    return undefined;
  }
}

/**
 * The one Host/Origin policy of every route, as an `onRequest` hook that runs before authentication:
 * - `Host`: a loopback server answers only requests whose `Host` names a loopback address on its port (any form:
 *   `localhost`, `127.x.x.x`, `[::1]`, `[::ffff:127.0.0.1]`) or one of `allowedHosts`; a server on another address
 *   checks `Host` only when `allowedHosts` is set. Anything else is DNS rebinding: 403. A request without `Host`
 *   (HTTP/1.0, e.g. a balancer's health check) is no browser's and passes.
 * - `Origin` (browsers): on every state-changing request (POST, PUT, PATCH, DELETE, whatever its content type) and
 *   on every `/mcp` request (the MCP transport spec: a server MUST validate Origin), an `Origin` other than the
 *   server's own (the `Host` it was reached at) or one of `allowedOrigins` is refused 403 — `null` included; so is
 *   `Sec-Fetch-Site: cross-site`/`same-site` without an allowed Origin. Requests without `Origin` (curl, SDKs, the
 *   CLI) are not browsers' and pass.
 */
export function originPolicyHook(policy: OriginPolicy) {
  const loopback = isLoopbackHost(policy.host);
  const allowedHosts = new Set((policy.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const allowedOrigins = new Set(policy.allowedOrigins ?? []);
  const hostAccepted = (host: string | undefined): boolean => {
    // no Host: HTTP/1.0 (a balancer's health check), never a browser, which DNS rebinding needs
    if ((!loopback && allowedHosts.size === 0) || host === undefined) return true;
    if (allowedHosts.has(host.toLowerCase())) return true;
    const parsed = loopback ? splitHost(host) : undefined;
    return Boolean(parsed && isLoopbackHost(parsed.name) && parsed.port === String(policy.port()));
  };
  const originAccepted = (origin: string, host: string | undefined): boolean => {
    if (allowedOrigins.has(origin)) return true;
    if (origin === 'null' || host === undefined) return false;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`http://${host}`).host && url.origin === origin;
    } catch {
      return false;
    }
  };
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const host = req.headers.host;
    if (!hostAccepted(host)) return refuse(req, reply, `Host "${host ?? ''}" is not this server's address (DNS rebinding protection); add it to http.allowed_hosts if a proxy forwards it`);
    const path = req.url.split('?')[0]!;
    if (!STATE_CHANGING.has(req.method) && path !== MCP_PATH) return;
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (origin !== undefined) {
      if (!originAccepted(origin, host)) return refuse(req, reply, `cross-site request refused: Origin "${origin}" is not this server's; add it to http.allowed_origins to allow a web page there`);
    } else if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      return refuse(req, reply, `cross-site request refused (Sec-Fetch-Site: ${fetchSite})`);
    }
  };
}

async function refuse(req: FastifyRequest, reply: FastifyReply, error: string): Promise<void> {
  stateOf(req).outcome = 'forbidden';
  await reply.code(403).send({ ok: false, code: 'forbidden', error });
}
