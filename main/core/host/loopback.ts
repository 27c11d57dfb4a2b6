/**
 * Loopback addresses: what the web host may bind and the Electron shell may load a dev renderer from.
 * Shared by both hosts, so it lives in core.
 */
import { isIP } from 'node:net';

/** Only loopback addresses may be bound: the web host must never be reachable from the network. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.split('.')[0] === '127';
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1';
  return false;
}
