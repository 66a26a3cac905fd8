import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outgoing request of a user's making (publishing, webhooks) must never reach: this
 * machine, private networks, link-local (cloud metadata at 169.254.169.254 included), CGNAT,
 * multicast, and the reserved and documentation ranges, in IPv4 and IPv6. IPv4-mapped IPv6
 * addresses (`::ffff:127.0.0.1`) are checked as the IPv4 address they carry.
 */
const FORBIDDEN_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const FORBIDDEN_V6: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function blockList(ranges: [string, number, string][], family: 'ipv4' | 'ipv6'): [BlockList, string][] {
  return ranges.map(([net, bits, why]) => {
    const list = new BlockList();
    list.addSubnet(net, bits, family);
    return [list, why];
  });
}

const v4 = blockList(FORBIDDEN_V4, 'ipv4');
const v6 = blockList(FORBIDDEN_V6, 'ipv6');

/**
 * Why an address may not be reached (`loopback`, `private`, …), or null when it is a public
 * address. Anything that is not an IP address at all is refused too.
 */
export function forbiddenReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return v4.find(([list]) => list.check(bare, 'ipv4'))?.[1] ?? null;
  if (family === 6) {
    // BlockList matches IPv4-mapped IPv6 addresses against the IPv4 rules.
    const mapped = v4.find(([list]) => list.check(bare, 'ipv6'))?.[1];
    if (mapped) return mapped;
    if (/^::ffff:/i.test(bare)) return null;
    return v6.find(([list]) => list.check(bare, 'ipv6'))?.[1] ?? null;
  }
  return 'not an IP address';
}

const LINK_LOCAL_V4 = blockList([['169.254.0.0', 16, 'link-local']], 'ipv4');
const LINK_LOCAL_V6 = blockList(
  [
    ['fe80::', 10, 'link-local'],
    // The address AWS gives its instance metadata service over IPv6.
    ['fd00:ec2::254', 128, 'cloud metadata'],
  ],
  'ipv6',
);

/**
 * Why an address may not be reached even by requests that may go to this machine and private
 * networks (a language-model server on localhost or the LAN is normal): link-local addresses,
 * where cloud metadata services answer (169.254.169.254), in IPv4, IPv4-mapped IPv6 and IPv6.
 * Null for every other IP address; anything that is not an IP address is refused.
 */
export function metadataReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return LINK_LOCAL_V4.find(([list]) => list.check(bare, 'ipv4'))?.[1] ?? null;
  if (family === 6)
    return (
      LINK_LOCAL_V4.find(([list]) => list.check(bare, 'ipv6'))?.[1] ??
      LINK_LOCAL_V6.find(([list]) => list.check(bare, 'ipv6'))?.[1] ??
      null
    );
  return 'not an IP address';
}
