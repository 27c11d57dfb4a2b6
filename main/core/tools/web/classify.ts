import { lookup as dnsLookup } from 'node:dns/promises';
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

export interface HostVerdict {
  host: string;
  addresses: { address: string; family: number; class: AddressClass }[];
  /** True when any address is not public, or the name is localhost. */
  local: boolean;
  /** For the approval prompt. */
  reason?: string;
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemLookup: Lookup = (h) => dnsLookup(h, { all: true, verbatim: true });

/**
 * Resolves a URL's hostname and says whether any of its addresses is loopback, private,
 * link-local or otherwise not public. A name that resolves to one such address is local, whatever
 * else it resolves to (the connection could pick it).
 */
export async function classifyHost(hostname: string, lookup: Lookup = systemLookup): Promise<HostVerdict> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const fam = isIP(bare);
  const lower = bare.toLowerCase().replace(/\.$/, '');
  let addresses: { address: string; family: number }[];
  if (fam !== 0) addresses = [{ address: bare, family: fam }];
  else if (lower === 'localhost' || lower.endsWith('.localhost')) addresses = [{ address: '127.0.0.1', family: 4 }];
  else addresses = await lookup(bare);
  const classed = addresses.map((a) => ({ ...a, class: classifyAddress(a.address) }));
  const bad = classed.find((a) => a.class !== 'public');
  return {
    host: hostname,
    addresses: classed,
    local: bad !== undefined,
    ...(bad
      ? { reason: fam !== 0 ? `${bare} is a ${bad.class} address` : `${bare} resolves to ${bad.address}, a ${bad.class} address` }
      : {}),
  };
}
