import { describe, expect, it } from 'vitest';
import { BLOCKED_ADDRESS_RANGES, classifyAddress, parseIPv6, type BlockedRange } from './addressPolicy.js';

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified ("this network")'],
    ['0.1.2.3', 'unspecified ("this network")'],
    ['10.255.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT (shared)'],
    ['100.127.255.254', 'carrier-grade NAT (shared)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local (private)'],
    ['fdff:ffff::1', 'unique-local (private)'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:192.168.1.1', 'IPv4-mapped private'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified ("this network")'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::2', 'IPv4-compatible unspecified ("this network")'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:a9fe:a9fe::', '6to4 link-local'],
    ['not-an-ip', 'not an IP address'],
  ])('%s → %s', (ip, label) => {
    expect(classifyAddress(ip)).toBe(label);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])(
    '%s is public',
    (ip) => {
      expect(classifyAddress(ip)).toBeNull();
    },
  );
});

describe('parseIPv6', () => {
  it('expands :: and dotted tails, rejects junk', () => {
    expect(parseIPv6('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(parseIPv6('::ffff:1.2.3.4')!.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toHaveLength(16);
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('1:2:3')).toBeNull();
    expect(parseIPv6('gggg::')).toBeNull();
  });
});

/** Issue 13: every row of the blocklist is exercised at both ends, and the addresses just outside it are not given its label. */
describe('every row of BLOCKED_ADDRESS_RANGES', () => {
  const toBytes = (row: BlockedRange) => {
    const [ip, len] = row.cidr.split('/') as [string, string];
    return { bytes: row.family === 4 ? ip.split('.').map(Number) : parseIPv6(ip)!, prefix: Number(len) };
  };
  const edge = (bytes: number[], prefix: number, fill: 0 | 1) =>
    bytes.map((b, i) => {
      const hostBits = Math.min(8, Math.max(0, (i + 1) * 8 - prefix));
      const hostMask = (1 << hostBits) - 1;
      return fill ? b | hostMask : b & ~hostMask & 0xff;
    });
  const step = (bytes: number[], delta: 1 | -1): number[] | null => {
    const out = [...bytes];
    for (let i = out.length - 1; i >= 0; i--) {
      const v = out[i]! + delta;
      if (v >= 0 && v <= 255) {
        out[i] = v;
        return out;
      }
      out[i] = delta === 1 ? 0 : 255;
    }
    return null;
  };
  const format = (bytes: number[]) =>
    bytes.length === 4
      ? bytes.join('.')
      : Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');

  const blocked = BLOCKED_ADDRESS_RANGES.filter((r) => r.kind === 'blocked');
  it('covers IPv4 and IPv6 rows', () => {
    expect(blocked.filter((r) => r.family === 4).length).toBeGreaterThanOrEqual(15);
    expect(blocked.filter((r) => r.family === 6).length).toBeGreaterThanOrEqual(8);
  });

  it.each(blocked.map((r) => [r.cidr, r] as const))('%s: first and last address refused with its label, neighbours not', (_cidr, row) => {
    const { bytes, prefix } = toBytes(row);
    const first = edge(bytes, prefix, 0);
    const last = edge(bytes, prefix, 1);
    expect(classifyAddress(format(first))).toBe(row.label);
    expect(classifyAddress(format(last))).toBe(row.label);
    for (const outside of [step(first, -1), step(last, 1)]) {
      if (outside) expect(classifyAddress(format(outside))).not.toBe(row.label);
    }
  });

  it.each(BLOCKED_ADDRESS_RANGES.filter((r) => r.kind === 'embedding').map((r) => [r.cidr, r] as const))(
    '%s: judged by the embedded IPv4 address',
    (_cidr, row) => {
      const { bytes } = toBytes(row);
      const embed = (v4: number[]) => {
        const out = [...bytes];
        out.splice(row.offset!, 4, ...v4);
        return format(out);
      };
      expect(classifyAddress(embed([127, 0, 0, 1]))).toBe(`${row.label} loopback`);
      expect(classifyAddress(embed([10, 1, 2, 3]))).toBe(`${row.label} private`);
      expect(classifyAddress(embed([8, 8, 8, 8]))).toBeNull();
    },
  );
});
