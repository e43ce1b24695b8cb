import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIPv6 } from './addressPolicy.js';

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
