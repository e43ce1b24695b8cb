import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The env var holding the shared secret of the bus, read by the server, the client and the bin: `OVOS_TOOLS_BUS_SECRET`. */
export const BUS_SECRET_ENV = 'OVOS_TOOLS_BUS_SECRET';

/**
 * The `type` of the frame that carries the shared secret from a client that cannot set handshake headers:
 * `{"type":"ovos.messagebus.auth","data":{"secret":"<secret>"},"context":{}}`, sent as the first frame. It is
 * consumed by the server, never relayed; the `connected` greeting follows when it matches.
 */
export const AUTH_FRAME_TYPE = 'ovos.messagebus.auth';

/**
 * The secret a handshake carries, first found of: the query parameter `token`, `Authorization: Bearer <secret>`,
 * the header `X-OVOS-Bus-Secret`. `undefined` when none is present.
 */
export function presentedSecret(req: IncomingMessage, url: URL): string | undefined {
  const query = url.searchParams.get('token');
  if (query) return query;
  const auth = req.headers.authorization;
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  if (m?.[1]) return m[1].trim();
  const header = req.headers['x-ovos-bus-secret'];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

/** Compares two secrets in constant time (of their SHA-256 digests, so lengths do not leak either). */
export function secretMatches(presented: string, secret: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/** The secret to use: `option` when given (`''` means none), else `$OVOS_TOOLS_BUS_SECRET`, else none. */
export function resolveBusSecret(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option !== undefined) return option || undefined;
  return env[BUS_SECRET_ENV] || undefined;
}
