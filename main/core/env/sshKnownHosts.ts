/**
 * The SSH host key check for an `ssh://` engine. ssh2 (under docker-modem) accepts any host key
 * unless told otherwise, so a machine in the middle could pose as the engine and receive the
 * project copy and every command. The key must be one ~/.ssh/known_hosts lists for the host, as
 * OpenSSH writes it: plain names (`host`, `[host]:port`, comma lists) or hashed (`|1|salt|hash`).
 * A host not listed, or listed with `@revoked`, is refused: connect once with `ssh` to accept it.
 * Patterns with wildcards and `@cert-authority` lines are not read (they never match here).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The names a known_hosts line gives this host: `host` on port 22, else `[host]:port`. */
function hostName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function lineNames(field: string, name: string): boolean {
  return field.split(',').some((entry) => {
    if (entry.startsWith('|1|')) {
      const [, , salt, hash] = entry.split('|');
      if (!salt || !hash) return false;
      return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
    }
    return entry.toLowerCase() === name.toLowerCase();
  });
}

/** The base64 key blobs known_hosts text accepts for host:port (revoked ones excluded: then none). */
export function knownKeys(text: string, host: string, port: number): string[] {
  const name = hostName(host, port);
  const keys: string[] = [];
  let revoked = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    const marker = fields[0]!.startsWith('@') ? fields.shift() : undefined;
    const [names, , blob] = fields;
    if (!names || !blob || !lineNames(names, name)) continue;
    if (marker === '@revoked') revoked = true;
    else if (!marker) keys.push(blob);
  }
  return revoked ? [] : keys;
}

/** A verifier for ssh2's `hostVerifier` (the raw key blob): true only for a key listed for host:port. */
export function knownHostsVerifier(host: string, port: number, env: NodeJS.ProcessEnv = process.env): (key: Buffer) => boolean {
  return (key) => {
    let text = '';
    try {
      text = readFileSync(path.join(env.HOME || homedir(), '.ssh', 'known_hosts'), 'utf8');
    } catch {
      return false;
    }
    return knownKeys(text, host, port).includes(key.toString('base64'));
  };
}
