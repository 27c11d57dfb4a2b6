/**
 * Issue 22 item 6: a project grant of a sandboxed program opened the network to any host the model
 * named (`run_sandboxed:npm` for the project, then `allow_hosts: ["evil.example.com"]` was
 * `allow via project`). Each host is now a key of its own (`net:<host>`), decided after the program's
 * key, the session at most; the call runs only when every key is allowed.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostKeys, type Permission } from '../../permissions/index.js';
import { makeEngine } from '../../permissions/permissions.testkit.js';
import { createToolRegistry } from '../registry.js';
import { keyEnvironmentResolver } from '../keyEnvironment.js';
import { tempProject, testDeps } from './execute.testkit.js';
import { runSandboxedTool } from './runSandboxed.js';

const tool = runSandboxedTool({ projectRoot: '/nowhere', dataDir: '/nowhere', secretsToScrub: () => [] });
const permissionOf = async (args: unknown): Promise<Permission> =>
  tool.permission(tool.parameters.parse(args), { projectRoot: '/nowhere' });

async function engineWith(config: object) {
  const t = tempProject();
  await writeFile(path.join(t.root, 'codecoder.json'), JSON.stringify(config));
  const registry = createToolRegistry(testDeps(t.root, t.dataDir));
  const h = await makeEngine(t.root, { environmentOfKey: keyEnvironmentResolver(registry, t.root) });
  return { ...h, cleanup: async () => h.engine.close() };
}

const call = (permission: Permission) => ({
  tool: 'run_sandboxed',
  environment: 'sandbox' as const,
  permission,
  args: {},
  agentId: 'a',
  conversationId: 'c',
  depth: 0,
});

describe('a program grant never opens the network', () => {
  const npmInstall = { command: 'npm install', allow_hosts: ['evil.example.com'] };

  it('run_sandboxed:npm for the project: the named host is still asked, in its own right, the session at most', async () => {
    const h = await engineWith({ allowlist: { 'run_sandboxed:npm': 'AlwaysThisProject' } });
    try {
      const p = await permissionOf(npmInstall);
      expect(h.engine.dryRun({ tool: 'run_sandboxed', environment: 'sandbox', permission: p })).toMatchObject({
        decision: 'ask',
        key: 'net:evil.example.com',
      });
      h.asker.answer({ choice: 'deny' });
      const d = await h.engine.check(call(p));
      expect(d).toMatchObject({ allowed: false, via: 'user-deny', key: 'net:evil.example.com' });
      expect(d.reason).toMatch(/needs run_sandboxed:npm and every host it names/);
      // One prompt, for the host alone: the program was covered by the project grant.
      expect(h.asker.asked.map((a) => [a.key.raw, a.scopes])).toEqual([['net:evil.example.com', ['once', 'session']]]);
      expect(h.asker.asked[0]!.flags?.notes?.[0]).toMatch(/network access for run_sandboxed:npm/);
      // The audit log has the host's own record.
      expect(h.audit.records.map((r) => [r.key, r.decision, r.via])).toEqual([
        ['run_sandboxed:npm', 'allow', 'project'],
        ['net:evil.example.com', 'deny', 'user-deny'],
      ]);
    } finally {
      await h.cleanup();
    }
  });

  it('a host granted for the session is not asked again; the program and every host must be allowed', async () => {
    const h = await engineWith({ allowlist: { 'run_sandboxed:npm': 'AlwaysThisProject' } });
    try {
      const p = await permissionOf({ command: 'npm install', allow_hosts: ['registry.npmjs.org', 'evil.example.com'] });
      h.asker.answer({ choice: 'session' }, { choice: 'once' });
      expect(await h.engine.check(call(p))).toMatchObject({ allowed: true, via: 'project', key: 'run_sandboxed:npm' });
      expect(h.asker.asked.map((a) => a.key.raw)).toEqual(['net:registry.npmjs.org', 'net:evil.example.com']);
      // Next call: the session covers registry.npmjs.org; evil.example.com was allowed once only.
      h.asker.answer({ choice: 'deny' });
      expect(await h.engine.check(call(p))).toMatchObject({ allowed: false, key: 'net:evil.example.com' });
      expect(h.asker.asked.map((a) => a.key.raw)).toEqual(['net:registry.npmjs.org', 'net:evil.example.com', 'net:evil.example.com']);
    } finally {
      await h.cleanup();
    }
  });

  it('codecoder.json cannot grant a host for the project (a CeilingViolation, reported); its deny rules on hosts count', async () => {
    const h = await engineWith({
      allowlist: { 'run_sandboxed:npm': 'AlwaysThisProject', 'net:evil.example.com': 'AlwaysThisProject', 'net:*': 'AlwaysThisProject' },
      deny: ['net:*.attacker.test'],
    });
    try {
      expect(
        h.engine
          .loadReport()
          .violations.map((v) => v.key)
          .sort(),
      ).toEqual(['net:*', 'net:evil.example.com']);
      const asked = h.engine.dryRun({ tool: 'run_sandboxed', environment: 'sandbox', permission: await permissionOf(npmInstall) });
      expect(asked).toMatchObject({ decision: 'ask', key: 'net:evil.example.com' });
      expect(asked.violations.map((v) => v.message).join()).toMatch(/network host is a way out/);
      const denied = h.engine.dryRun({
        tool: 'run_sandboxed',
        environment: 'sandbox',
        permission: await permissionOf({ command: 'npm install', allow_hosts: ['x.ATTACKER.test.'] }),
      });
      expect(denied).toMatchObject({ decision: 'deny', via: 'deny', key: 'net:x.attacker.test', entry: 'net:*.attacker.test' });
      // Answering "project" to a host prompt is refused as above the ceiling.
      h.asker.answer({ choice: 'project' });
      expect(await h.engine.check(call(await permissionOf(npmInstall)))).toMatchObject({ allowed: false, via: 'ceiling' });
    } finally {
      await h.cleanup();
    }
  });
});

describe('hosts are normalised before they become keys; what is not a plain host is refused', () => {
  it.each([
    ['Registry.NPMJS.org.', 'net:registry.npmjs.org'],
    ['registry.npmjs.org:8443', 'net:registry.npmjs.org:8443'],
    ['xn--e1afmkfd.xn--p1ai', 'net:xn--e1afmkfd.xn--p1ai'],
    ['10.0.0.1', 'net:10.0.0.1'],
  ])('%s → %s', (named, key) => {
    const k = hostKeys([named]);
    expect('keys' in k && k.keys.map((x) => x.raw)).toEqual([key]);
  });

  it.each([
    ['*.example.com', /wildcard/],
    ['user@example.com', /userinfo/],
    ['пример.рф', /ASCII/],
    ['2130706433', /IP address/],
    ['0x7f.0.0.1', /host name|IP address/],
    ['010.0.0.1', /IP address/],
    ['127.1', /IP address/],
    ['example.com:0', /port/],
    ['example.com:080', /port/],
    ['example.com:70000', /port/],
    ['-bad.example.com', /host name/],
    ['[::1]', /not a host/],
  ])('%s is refused', (named, why) => {
    const k = hostKeys([named]);
    expect('problem' in k && k.problem).toMatch(why);
  });

  it('the tool refuses the call (invalid, with the reason) rather than asking about a host it cannot key', async () => {
    // The argument schema already refuses a wildcard or userinfo; a numeric IP spelling passes it.
    await expect(permissionOf({ command: 'npm install', allow_hosts: ['*.example.com'] })).rejects.toThrow(/no wildcard/);
    expect(await permissionOf({ command: 'npm install', allow_hosts: ['2130706433'] })).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/IP address/),
    });
  });

  it('the program key and the hosts are what the prompt names; the same host twice is one key', async () => {
    const p = await permissionOf({ command: 'npm install', allow_hosts: ['Registry.npmjs.org', 'registry.npmjs.org.'] });
    expect(p).toMatchObject({ kind: 'ask', key: { raw: 'run_sandboxed:npm' }, also: [{ raw: 'net:registry.npmjs.org' }] });
    if (p.kind === 'ask') expect(p.also).toHaveLength(1);
  });
});
