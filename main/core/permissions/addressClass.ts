/**
 * Which addresses are not the public internet: loopback, private ranges, link-local (cloud metadata),
 * unspecified and reserved. web_fetch asks for exactly these (a public host needs no approval), and
 * the trust review says what a `web_fetch:<host>` entry grants with the same table, so the two cannot
 * disagree.
 */
import { BlockList, isIP } from 'node:net';

/** Why an address is not on the public internet. 'public' is everything else. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';

const RANGES: [AddressClass, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  // Carrier-grade NAT: not the public internet, often a VPN or a local network.
  ['private', '100.64.0.0', 10, 'ipv4'],
  // Cloud metadata services (169.254.169.254) live here.
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
  // NAT64 and 6to4 embed an IPv4 address that may be private: not treated as public.
  ['reserved', '64:ff9b::', 96, 'ipv6'],
  ['reserved', '2002::', 16, 'ipv6'],
];

const LISTS = new Map<AddressClass, BlockList>();
for (const [cls, net, prefix, family] of RANGES) {
  let list = LISTS.get(cls);
  if (!list) LISTS.set(cls, (list = new BlockList()));
  list.addSubnet(net, prefix, family);
}

/** Classifies an IP literal (IPv4-mapped IPv6 like ::ffff:127.0.0.1 counts as its IPv4). */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const fam = isIP(bare);
  if (fam === 0) throw new Error(`not an IP address: ${ip}`);
  for (const [cls, list] of LISTS) if (list.check(bare, fam === 4 ? 'ipv4' : 'ipv6')) return cls;
  return 'public';
}

/** `localhost` and its subdomains are this machine whatever DNS says (browsers and web_fetch agree). */
export function isLocalhostName(name: string): boolean {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return lower === 'localhost' || lower.endsWith('.localhost');
}
