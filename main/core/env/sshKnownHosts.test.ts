import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { knownHostsVerifier, knownKeys } from './sshKnownHosts.js';

const temp = useTempDir();
const keyA = Buffer.from('ssh-ed25519 key A blob');
const keyB = Buffer.from('ssh-ed25519 key B blob');
const hashed = (name: string, salt = Buffer.from('0123456789abcdefghij')) =>
  `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;

describe('the SSH host key check of an ssh:// engine', () => {
  it('accepts only a key listed for the host (plain, comma list, [host]:port, hashed)', () => {
    const text = [
      '# comment',
      `build.example,10.0.0.5 ssh-ed25519 ${keyA.toString('base64')}`,
      `[build.example]:2222 ssh-ed25519 ${keyB.toString('base64')}`,
      `${hashed('hashed.example')} ssh-ed25519 ${keyB.toString('base64')}`,
    ].join('\n');
    expect(knownKeys(text, 'build.example', 22)).toEqual([keyA.toString('base64')]);
    expect(knownKeys(text, '10.0.0.5', 22)).toEqual([keyA.toString('base64')]);
    expect(knownKeys(text, 'build.example', 2222)).toEqual([keyB.toString('base64')]);
    expect(knownKeys(text, 'hashed.example', 22)).toEqual([keyB.toString('base64')]);
    expect(knownKeys(text, 'other.example', 22)).toEqual([]);
  });

  it('a revoked key makes the host unusable; cert-authority lines are not read', () => {
    const text = [
      `build.example ssh-ed25519 ${keyA.toString('base64')}`,
      `@revoked build.example ssh-ed25519 ${keyB.toString('base64')}`,
      `@cert-authority other.example ssh-ed25519 ${keyA.toString('base64')}`,
    ].join('\n');
    expect(knownKeys(text, 'build.example', 22)).toEqual([]);
    expect(knownKeys(text, 'other.example', 22)).toEqual([]);
  });

  it("reads ~/.ssh/known_hosts at connection time; a missing file trusts nothing", () => {
    const home = temp.sync('cc-sshhome-');
    const verify = knownHostsVerifier('build.example', 22, { HOME: home });
    expect(verify(keyA)).toBe(false);
    mkdirSync(path.join(home, '.ssh'));
    writeFileSync(path.join(home, '.ssh', 'known_hosts'), `build.example ssh-ed25519 ${keyA.toString('base64')}\n`);
    expect(verify(keyA)).toBe(true);
    expect(verify(keyB)).toBe(false);
  });
});
