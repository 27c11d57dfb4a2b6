/**
 * Network hosts are granted in their own right: a call that opens the network to hosts (run_sandboxed's
 * `allow_hosts`) needs its program key AND one key per host, `net:<host>` or `net:<host>:<port>`.
 * A grant of the program never implies a host: an open network is a way out for the project's data,
 * so a host key's environment is `remote` (the session at most; a codecoder.json entry above it is a
 * CeilingViolation). Deny rules and user globs (`net:*.npmjs.org`) match the key as any glob-grammar key.
 *
 * What a tool call names is normalised before it becomes a key, so one host has one key and the key
 * is what the sandbox's proxy will be told: lower case, no trailing dot, a port only when one is given
 * (1–65535, without leading zeros). Refused with a reason: a wildcard (`*.example.com`: a tool call
 * names hosts, only the user writes globs), anything but an ASCII name (an IDN is given in its
 * `xn--` form, shown as such), userinfo, and an IP address in any form but four plain decimal
 * octets (`2130706433`, `0x7f.1`, `010.0.0.1` are loopback or octal spellings a reader would misjudge).
 */
import { formatKey } from './keyGrammar.js';
import type { Environment, PermissionKey } from './types.js';

export const NET_KEY_TOOL = 'net';
/** The environment of every `net:` key: its ceiling is the session. */
export const NET_ENVIRONMENT: Environment = 'remote';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DECIMAL_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;

export type HostKey = { key: PermissionKey; host: string } | { problem: string };

/** The key of one host a tool call names, or why it cannot be one. */
export function hostKey(named: string): HostKey {
  const refuse = (why: string): HostKey => ({ problem: `"${named}" ${why}` });
  if (named.includes('*')) return refuse('is a wildcard: name each host (only your own allowlist entries may be globs)');
  if (named.includes('@')) return refuse('carries userinfo: name the host alone');
  if (/[^\x21-\x7e]/.test(named)) return refuse('is not an ASCII host name (give an international name in its xn-- form)');
  const m = /^([^:]+)(?::([0-9]+))?$/.exec(named);
  if (!m) return refuse('is not a host or host:port (an IPv6 address is not supported)');
  let name = m[1]!.toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  const labels = name.split('.');
  if (name.length === 0 || name.length > 253 || !labels.every((l) => LABEL.test(l))) return refuse('is not a host name');
  // A last label of digits only is an IP address (no top-level domain is numeric): only dotted decimal.
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) {
    if (labels.length !== 4 || !labels.every((l) => DECIMAL_OCTET.test(l) && Number(l) <= 255)) {
      return refuse('is an IP address in a form other than four decimal numbers (a.b.c.d without leading zeros)');
    }
  }
  let host = name;
  if (m[2] !== undefined) {
    const port = m[2];
    if (!/^[1-9][0-9]{0,4}$/.test(port) || Number(port) > 65535) return refuse('has a port outside 1–65535 (or with leading zeros)');
    host = `${name}:${port}`;
  }
  return { key: formatKey(NET_KEY_TOOL, host), host };
}

/** The keys of the hosts a call names, de-duplicated in order, or the first reason one cannot be a key. */
export function hostKeys(named: readonly string[]): { keys: PermissionKey[]; hosts: string[] } | { problem: string } {
  const keys: PermissionKey[] = [];
  const hosts: string[] = [];
  for (const n of named) {
    const k = hostKey(n);
    if ('problem' in k) return k;
    if (!hosts.includes(k.host)) {
      hosts.push(k.host);
      keys.push(k.key);
    }
  }
  return { keys, hosts };
}
