import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress, isLocalhostName, type AddressClass } from '../../permissions/index.js';

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
  let addresses: { address: string; family: number }[];
  if (fam !== 0) addresses = [{ address: bare, family: fam }];
  else if (isLocalhostName(bare)) addresses = [{ address: '127.0.0.1', family: 4 }];
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
