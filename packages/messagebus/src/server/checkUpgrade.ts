import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { presentedSecret, secretMatches } from './sharedSecret.js';

/** Why an upgrade request was refused: the HTTP status (503 only while the server shuts down) and a plain-text reason for the response body. */
export interface UpgradeRejection {
  /** The HTTP status answered instead of 101. */
  status: 400 | 401 | 403 | 404 | 503;
  /** The plain-text body saying why. */
  reason: string;
}

/**
 * An upgrade that may proceed. `authenticated` is false only when the server has a secret and the handshake
 * carried none: the connection must then send the secret as its first frame (see `AUTH_FRAME_TYPE`).
 */
export interface UpgradeAcceptance {
  /** Always 101 (Switching Protocols). */
  status: 101;
  /** Whether the handshake already proved the secret (or none is needed). */
  authenticated: boolean;
}

/** What {@link checkUpgrade} decided. */
export type UpgradeDecision = UpgradeAcceptance | UpgradeRejection;

/** What {@link checkUpgrade} enforces. */
export interface UpgradePolicy {
  /** The bus path, e.g. `/core`. */
  route: string;
  /** The interface the server is bound to (its own address), e.g. `127.0.0.1`, `0.0.0.0` or `mybox.lan`. */
  host: string;
  /**
   * Host names, besides IP literals, `localhost` and `host`, by which clients sending the bus's own origin may
   * reach the bus (the `Host` header); compared case-insensitively and exactly. `*` allows any.
   */
  allowedHosts: readonly string[];
  /** Extra browser origins allowed to connect, e.g. `http://localhost:3000` (`*` allows any); exact match. */
  allowedOrigins: readonly string[];
  /** Shared secret required from every client, if set. */
  secret?: string;
}

/**
 * Decides whether a websocket upgrade request may connect. Checks, in order:
 * 1. the path: 404 unless it is `route`; a missing `Host` header is a 400;
 * 2. the `Origin` header, which browsers always send and which marks a request a web page could have made:
 *    - absent (a non-browser client): passes;
 *    - exactly one of `allowedOrigins` (case-insensitive; `*` allows any): passes;
 *    - exactly `http://<Host>` or `https://<Host>` — the bus's own origin, which is what Python `websocket-client`
 *      (and so ovos-bus-client) sends by default: passes only if the `Host` header names the bus (DNS-rebinding
 *      guard): an IP literal, `localhost`, the bound `host`, or one of `allowedHosts`; a page that rebinds its own
 *      DNS name to this machine makes the browser send that name, so it gets 403;
 *    - anything else: 403. No prefix or suffix matching: with `http://localhost:3000` allowed,
 *      `http://localhost:3000.evil.example` and `http://localhost:30001` are refused;
 * 3. the shared secret: a secret presented in the handshake (`?token=`, `Authorization: Bearer`,
 *    `X-OVOS-Bus-Secret`) must match (constant-time), else 401; none presented leaves the upgrade unauthenticated,
 *    to be completed by a first frame.
 */
export function checkUpgrade(req: IncomingMessage, policy: UpgradePolicy): UpgradeDecision {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return { status: 400, reason: 'Bad request URL' };
  }
  if (url.pathname !== policy.route) {
    return { status: 404, reason: `Not found: the messagebus is served at ${policy.route}` };
  }
  const hostHeader = req.headers.host;
  if (!hostHeader) return { status: 400, reason: 'Missing Host header' };
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const refusal = checkOrigin(origin, hostHeader, policy);
    if (refusal) return refusal;
  }
  if (policy.secret === undefined) return { status: 101, authenticated: true };
  const presented = presentedSecret(req, url);
  if (presented === undefined) return { status: 101, authenticated: false };
  if (!secretMatches(presented, policy.secret)) {
    return {
      status: 401,
      reason: 'Wrong shared secret: pass the bus secret as ?token=, "Authorization: Bearer <secret>" or "X-OVOS-Bus-Secret"',
    };
  }
  return { status: 101, authenticated: true };
}

function checkOrigin(origin: string, hostHeader: string, policy: UpgradePolicy): UpgradeRejection | undefined {
  const o = origin.trim().toLowerCase();
  if (policy.allowedOrigins.some((a) => a === '*' || a.trim().toLowerCase().replace(/\/+$/, '') === o)) return undefined;
  const host = hostHeader.trim().toLowerCase();
  if (o !== `http://${host}` && o !== `https://${host}`) {
    return {
      status: 403,
      reason: `Origin ${origin} is not allowed (cross-site); start the server with --allow-origin ${origin} to permit it`,
    };
  }
  const hostname = hostnameOf(hostHeader);
  if (hostAllowed(hostname, policy)) return undefined;
  return {
    status: 403,
    reason:
      `Host ${hostHeader} is not an address of this messagebus (refused against DNS rebinding); ` +
      `connect by IP address or localhost, or start the server with --allow-host ${hostname}`,
  };
}

/** The host name of a `Host` header value, lower-cased, without port, brackets or one trailing dot. */
function hostnameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']')) : h.replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function hostAllowed(hostname: string, policy: UpgradePolicy): boolean {
  if (isIP(hostname) !== 0 || hostname === 'localhost') return true;
  if (hostname === policy.host.toLowerCase().replace(/^\[|\]$/g, '')) return true;
  return policy.allowedHosts.some((a) => a === '*' || a.toLowerCase() === hostname);
}
