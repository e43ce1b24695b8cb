import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Why an upgrade request was refused: the HTTP status and a plain-text reason for the response body. */
export interface UpgradeRejection {
  status: 400 | 401 | 403 | 404;
  reason: string;
}

/** What {@link checkUpgrade} enforces. */
export interface UpgradePolicy {
  /** The bus path, e.g. `/core`. */
  route: string;
  /** Browser origins allowed to connect (`*` allows any); compared case-insensitively. */
  allowedOrigins: readonly string[];
  /** Shared secret required from every client, if set. */
  secret?: string;
}

/**
 * Decides whether a websocket upgrade request may connect. Checks, in order:
 * the path (404 unless it is `route`), the `Origin` header (403 when present and not allowed: only browsers send
 * it, so non-browser clients such as ovos-bus-client are unaffected), and the shared secret (401 unless
 * `?token=`, `Authorization: Bearer <secret>` or `X-OVOS-Token` carries it; compared in constant time).
 *
 * @returns `undefined` when the request may connect, otherwise the rejection to send.
 */
export function checkUpgrade(req: IncomingMessage, policy: UpgradePolicy): UpgradeRejection | undefined {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return { status: 400, reason: 'Bad request URL' };
  }
  if (url.pathname !== policy.route) {
    return { status: 404, reason: `Not found: the messagebus is served at ${policy.route}` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, policy.allowedOrigins)) {
    return {
      status: 403,
      reason: `Origin ${origin} is not allowed; start the server with --allow-origin ${origin} to permit it`,
    };
  }
  if (policy.secret !== undefined && !secretMatches(presentedToken(req, url), policy.secret)) {
    return {
      status: 401,
      reason: 'Missing or wrong token: pass the shared secret as ?token=, "Authorization: Bearer" or "X-OVOS-Token"',
    };
  }
  return undefined;
}

function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const o = origin.toLowerCase();
  return allowed.some((a) => a === '*' || a.toLowerCase().replace(/\/+$/, '') === o);
}

function presentedToken(req: IncomingMessage, url: URL): string | undefined {
  const query = url.searchParams.get('token');
  if (query) return query;
  const auth = req.headers.authorization;
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  if (m?.[1]) return m[1].trim();
  const header = req.headers['x-ovos-token'];
  return Array.isArray(header) ? header[0] : header;
}

function secretMatches(presented: string | undefined, secret: string): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}
