import { isIP } from 'node:net';

/**
 * True when `host` (a host name or IP literal, IPv6 with or without brackets) can only be reached from this
 * machine: `localhost`, 127.0.0.0/8, `::1`, or `::ffff:127.x.x.x`. `0.0.0.0`, `::` and every other address or
 * name are not loopback.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) {
    const normal = new URL(`http://[${h}]/`).hostname.slice(1, -1); // compressed form; ::ffff:127.0.0.1 → ::ffff:7f00:1
    return normal === '::1' || normal.startsWith('::ffff:7f');
  }
  return false;
}
