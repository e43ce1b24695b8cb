import { timingSafeEqual } from 'node:crypto';
import { isLoopbackHost } from '@ovos-tools/messagebus';
import type { Caller } from '../service/Caller.js';
import type { AgentDefinition } from './AgentDefinition.js';

/**
 * Who can reach an HTTP door (the HTTP API and `/mcp` over HTTP), as far as the provider can tell — the HTTP
 * counterpart of `BusExposure`:
 * - `loopback`: bound to a loopback address with no credential configured: only this machine, and its callers are
 *   anonymous;
 * - `credential`: a secret or agents are configured: every request but `/health` and the inspector's files needs a
 *   credential;
 * - `open`: a public address with no credential, which `startHttpServer` refuses to serve.
 */
export type HttpExposure = 'loopback' | 'credential' | 'open';

/**
 * The exposure of an HTTP door bound to `host` (a host name or IP literal) given whether a credential (the operator
 * secret, any agent) is configured now. A public address is never `loopback`, whatever the agents say later.
 */
export function httpExposure(host: string, credentialConfigured: boolean): HttpExposure {
  if (credentialConfigured) return 'credential';
  return isLoopbackHost(host) ? 'loopback' : 'open';
}

/** Whether a request without a credential is refused: on every door but a loopback one with no credential configured. */
export function credentialRequired(exposure: HttpExposure): boolean {
  return exposure !== 'loopback';
}

/** An HTTP door as access sees it when it identifies a caller: its exposure now, and the credentials it accepts. */
export interface HttpDoor {
  /** Who can reach the door now ({@link httpExposure}); decides whether a request without a credential is anyone. */
  exposure: HttpExposure;
  /** The operator secret (`http.secret`), if any. */
  secret?: string | undefined;
  /** The declared agent a presented credential belongs to, if any (`createAgentResolver`). */
  agentFor: (credential: string) => AgentDefinition | undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who a request on an HTTP door is, from the credential it presents (`X-Internal-Secret` or `Authorization: Bearer`,
 * see `credentialFromHeaders`) and the door's exposure — the access decision the HTTP API and MCP over HTTP share:
 * an agent's credential acts for that agent; the operator secret (constant-time compare) for the operator
 * (`operator: true`); no credential, on a `loopback` door only, is an anonymous caller marked with that door
 * (`door: 'loopback'`, which access control trusts with operator actions, as anyone on this machine could run the
 * CLI); anything else (a wrong credential, none on a door that needs one) is nobody: `undefined`, answered
 * `wireErrors.unauthorized`.
 */
export function doorCaller(door: HttpDoor, credential: string | undefined): Caller | undefined {
  const agent = credential ? door.agentFor(credential) : undefined;
  if (agent) return { transport: 'http', agentId: agent.id };
  if (credential && door.secret && sameSecret(credential, door.secret)) return { transport: 'http', operator: true };
  if (!credential && !credentialRequired(door.exposure)) return { transport: 'http', door: door.exposure };
  return undefined;
}

/**
 * The path a router matches for a request target (`/%6Dcp?x` → `/mcp`), so every Host/Origin/credential decision
 * judges the route the request really reaches: the query and fragment are dropped, percent-escapes decoded (but an
 * encoded `/`, which no router splits on, stays), backslashes read as `/`, runs of `/` collapsed, `.` and `..`
 * segments resolved, a trailing `/` dropped, and the result lower-cased. It errs towards the stricter route: a target
 * some router would not send to `/mcp` may still be judged as `/mcp`, never the other way round.
 */
export function routePath(target: string): string {
  let raw = target;
  const cut = raw.search(/[?#]/);
  if (cut >= 0) raw = raw.slice(0, cut);
  const decoded = raw.replace(/%(?!2f)([0-9a-f]{2})/gi, (escape, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code < 0x80 ? String.fromCharCode(code) : escape;
  });
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** What {@link hostOriginRefusal} judges requests by (config `http.allowed_hosts`, `http.allowed_origins`). */
export interface OriginPolicy {
  /** The address the server listens on: a loopback one checks `Host` on every request (DNS rebinding). */
  host: string;
  /** The port it listens on (asked per request: known once listening). */
  port: () => number;
  /** More `Host` values accepted (`http.allowed_hosts`); when set, a non-loopback server checks `Host` too. */
  allowedHosts?: readonly string[] | undefined;
  /** Browser origins accepted besides the server's own (`http.allowed_origins`). */
  allowedOrigins?: readonly string[] | undefined;
  /** Route paths (as {@link routePath} gives them) whose every method is checked for `Origin`, e.g. `/mcp`. */
  originCheckedPaths?: readonly string[];
  /** Check `Origin` on every request, whatever its path and method (a handler that serves MCP only). */
  originOnEveryRequest?: boolean;
}

/** One request as {@link hostOriginRefusal} sees it: its method, its raw target and the headers it judges. */
export interface DoorRequest {
  /** `GET`, `POST`, … */
  method: string;
  /** The request target as received (`/mcp?x=1`, `/%6Dcp`); normalised here with {@link routePath}. */
  url: string;
  /** The `Host` header, if any. */
  host?: string | undefined;
  /** The `Origin` header, if any. */
  origin?: string | undefined;
  /** The `Sec-Fetch-Site` header, if any. */
  fetchSite?: string | string[] | undefined;
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
 * The Host/Origin rule of every HTTP route, as a pure function: the refusal text (answer 403 `forbidden`), or
 * `undefined` when the request passes.
 * - `Host`: a loopback server answers only requests whose `Host` names a loopback address on its port (any form) or
 *   one of `allowedHosts`; a server on another address checks `Host` only when `allowedHosts` is set. A request
 *   without `Host` (HTTP/1.0, e.g. a balancer's health check) is no browser's and passes.
 * - `Origin` (browsers): on every state-changing request and on every request to an `originCheckedPaths` route (the
 *   MCP transport spec: a server MUST validate Origin), an `Origin` other than the server's own or one of
 *   `allowedOrigins` is refused — `null` included; so is `Sec-Fetch-Site: cross-site`/`same-site` without an allowed
 *   Origin. Requests without `Origin` (curl, SDKs, the CLI) are not browsers' and pass.
 */
export function hostOriginRefusal(policy: OriginPolicy, request: DoorRequest): string | undefined {
  const { host, origin, fetchSite } = request;
  if (!hostAccepted(policy, host)) return `Host "${host ?? ''}" is not this server's address (DNS rebinding protection); add it to http.allowed_hosts if a proxy forwards it`;
  const checked = policy.originOnEveryRequest === true || STATE_CHANGING.has(request.method.toUpperCase()) || (policy.originCheckedPaths ?? []).includes(routePath(request.url));
  if (!checked) return undefined;
  if (origin !== undefined) {
    return originAccepted(policy, origin, host) ? undefined : `cross-site request refused: Origin "${origin}" is not this server's; add it to http.allowed_origins to allow a web page there`;
  }
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return `cross-site request refused (Sec-Fetch-Site: ${fetchSite})`;
  return undefined;
}

function hostAccepted(policy: OriginPolicy, host: string | undefined): boolean {
  const loopback = isLoopbackHost(policy.host);
  const allowed = policy.allowedHosts ?? [];
  if ((!loopback && allowed.length === 0) || host === undefined) return true;
  if (allowed.some((h) => h.toLowerCase() === host.toLowerCase())) return true;
  const parsed = loopback ? splitHost(host) : undefined;
  return Boolean(parsed && isLoopbackHost(parsed.name) && parsed.port === String(policy.port()));
}

function originAccepted(policy: OriginPolicy, origin: string, host: string | undefined): boolean {
  if ((policy.allowedOrigins ?? []).includes(origin)) return true;
  if (origin === 'null' || host === undefined) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`http://${host}`).host && url.origin === origin;
  } catch {
    return false;
  }
}
