import { isIP } from 'node:net';

interface Range {
  cidr: string;
  bytes: number[];
  prefix: number;
  label: string;
}

function v4(cidr: string, label: string): Range {
  const [ip, len] = cidr.split('/') as [string, string];
  return { cidr, bytes: ip.split('.').map(Number), prefix: Number(len), label };
}

function v6(cidr: string, label: string): Range {
  const [ip, len] = cidr.split('/') as [string, string];
  return { cidr, bytes: parseIPv6(ip)!, prefix: Number(len), label };
}

/** Special-purpose IPv4 ranges (IANA registry) refused by default. */
const V4_BLOCKED: Range[] = [
  v4('0.0.0.0/8', 'unspecified ("this network")'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade NAT (shared)'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'IETF protocol assignment'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', '6to4 relay anycast'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

/** Special-purpose IPv6 ranges refused outright. */
const V6_BLOCKED: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('100::/64', 'discard-only'),
  v6('2001:db8::/32', 'documentation'),
  v6('fc00::/7', 'unique-local (private)'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('ff00::/8', 'multicast'),
];

/** IPv6 ranges that embed an IPv4 address: the embedded address is checked too. */
const V6_EMBEDDING: Array<{ range: Range; offset: number; name: string }> = [
  { range: v6('::ffff:0:0/96', ''), offset: 12, name: 'IPv4-mapped' },
  { range: v6('::/96', ''), offset: 12, name: 'IPv4-compatible' },
  { range: v6('64:ff9b::/96', ''), offset: 12, name: 'NAT64' },
  { range: v6('64:ff9b:1::/48', ''), offset: 12, name: 'local NAT64' },
  { range: v6('2002::/16', ''), offset: 2, name: '6to4' },
];

/**
 * One row of the address blocklist: an IPv4 or IPv6 range refused outright (`kind: 'blocked'`, answered with
 * `label`), or an IPv6 range that embeds an IPv4 address at byte `offset` (`kind: 'embedding'`, judged by the
 * embedded address and answered as `"<label> <v4 label>"`).
 */
export interface BlockedRange {
  /** IP version of the range. */
  family: 4 | 6;
  /** `blocked`: refused outright; `embedding`: judged by the IPv4 address it embeds. */
  kind: 'blocked' | 'embedding';
  /** e.g. `10.0.0.0/8`, `::ffff:0:0/96`. */
  cidr: string;
  /** Why it is refused, as the refusal says it, e.g. `private network (RFC 1918)`. */
  label: string;
  /** For `embedding` rows: where the IPv4 address starts in the 16 bytes. */
  offset?: number;
}

/** Every row of the blocklist {@link classifyAddress} applies, in the order it applies them. */
export const BLOCKED_ADDRESS_RANGES: readonly BlockedRange[] = Object.freeze([
  ...V4_BLOCKED.map((r): BlockedRange => ({ family: 4, kind: 'blocked', cidr: r.cidr, label: r.label })),
  ...V6_BLOCKED.map((r): BlockedRange => ({ family: 6, kind: 'blocked', cidr: r.cidr, label: r.label })),
  ...V6_EMBEDDING.map((e): BlockedRange => ({ family: 6, kind: 'embedding', cidr: e.range.cidr, label: e.name, offset: e.offset })),
]);

/**
 * Why an IP address is not a public unicast address, or `null` when it is public.
 * Covers IPv4 private (RFC 1918), loopback, link-local, CGNAT (100.64/10), unspecified, multicast,
 * reserved, documentation and benchmarking ranges; IPv6 loopback, unspecified, unique-local, link-local,
 * site-local, multicast and documentation; and IPv4 addresses embedded in IPv6 (`::ffff:127.0.0.1`,
 * `::127.0.0.1`, NAT64, 6to4), judged by the embedded address.
 *
 * @param address - a literal IPv4 or IPv6 address (brackets and a `%zone` suffix are tolerated).
 * @returns e.g. `"loopback"`, `"IPv4-mapped loopback"`, `"not an IP address"`; `null` for public addresses.
 */
export function classifyAddress(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return match(ip.split('.').map(Number), V4_BLOCKED);
  if (family !== 6) return 'not an IP address';
  const bytes = parseIPv6(ip);
  if (!bytes) return 'not an IP address';
  const direct = match(bytes, V6_BLOCKED);
  if (direct) return direct;
  for (const { range, offset, name } of V6_EMBEDDING) {
    if (!inRange(bytes, range)) continue;
    const inner = match(bytes.slice(offset, offset + 4), V4_BLOCKED);
    return inner ? `${name} ${inner}` : null;
  }
  return null;
}

function match(bytes: number[], ranges: Range[]): string | null {
  for (const r of ranges) if (inRange(bytes, r)) return r.label;
  return null;
}

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Parses an IPv6 literal (with `::` and an optional dotted-quad tail) into 16 bytes; `null` if invalid. */
export function parseIPv6(ip: string): number[] | null {
  let text = ip;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[1]!) !== 4) return null;
    tail.push(...dotted[1]!.split('.').map(Number));
    text = text.slice(0, -dotted[1]!.length) + '0:0';
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}
