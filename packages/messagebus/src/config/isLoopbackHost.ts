import { isIP } from 'node:net';

/**
 * True when `host` (a host name or IP literal, IPv6 with or without brackets) can only be reached from this
 * machine: `localhost` (and `*.localhost`), 127.0.0.0/8 in any form a URL parser reads as such (`127.1`,
 * `0x7f.0.0.1`, `2130706433`), `::1` and `::ffff:127.x.x.x` (also written `[::ffff:7f00:1]`). `0.0.0.0`, `::` and
 * every other address or name are not loopback. The one loopback rule of every transport (bus, HTTP, `/mcp`).
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 6) {
    const normal = new URL(`http://[${h}]/`).hostname.slice(1, -1); // compressed form; ::ffff:127.0.0.1 → ::ffff:7f00:1
    return normal === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(normal);
  }
  // the WHATWG URL parser reads every IPv4 spelling (127.1, 0x7f000001, 2130706433) as the dotted form
  let name: string;
  try {
    name = new URL(`http://${h}/`).hostname;
  } catch {
    return false;
  }
  return isIP(name) === 4 && name.startsWith('127.');
}
