/**
 * Each rule's option policy (rule.ts `OptionPolicy`; docs/permissions.md, "Policies and the
 * defaults for every program"), listed: moving a program between allowlist, default and exception
 * is a decision this file records.
 */
import { describe, expect, it } from 'vitest';
import { allRules } from './index.js';

const byKind = (kind: string) =>
  allRules()
    .filter((r) => r.policy.kind === kind)
    .map((r) => r.name)
    .sort();

describe('option policies', () => {
  it('lists the programs read whole with an option table', () => {
    expect(byKind('allowlist')).toEqual(
      [
        ...['git', 'npm', 'pnpm', 'yarn', 'bun', 'npx', 'pnpx', 'bunx'],
        ...['python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'perl', 'ruby', 'java'],
        ...['docker', 'podman', 'nerdctl', 'tar', 'gtar', 'bsdtar', 'gpg', 'openssl', 'psql', 'mysql', 'mariadb'],
        ...['vim', 'vi', 'nvim', 'view', 'vimdiff', 'gvim', 'ex', 'less'],
        ...['ssh', 'scp', 'sftp', 'ssh-copy-id', 'curl', 'wget'],
        ...['ctest', 'ld', 'ld.bfd', 'ld.gold', 'make', 'gmake', 'cmake', 'cargo', 'go', 'cc', 'gcc', 'g++', 'c++', 'clang', 'clang++', 'rustc'],
      ].sort(),
    );
  });

  it('gives every exception its reason, and lists the exceptions that are not wrappers', () => {
    const exceptions = allRules().filter((r) => r.policy.kind === 'exception');
    for (const r of exceptions) expect(r.policy.kind === 'exception' && r.policy.why.length > 20, r.name).toBe(true);
    const notWrappers = exceptions.filter((r) => !r.wrapper).map((r) => r.name);
    expect(notWrappers.sort()).toEqual(['awk', 'gawk', 'gsed', 'mawk', 'nawk', 'sed']);
    // A wrapper's own reading is its wrapper function (wrappers.ts): never the default.
    for (const r of allRules().filter((x) => x.wrapper)) expect(r.policy.kind, r.name).toBe('exception');
  });

  it('an allowlisted program refuses an option it does not know', async () => {
    const { classifyCommand } = await import('../classify.js');
    const lax: string[] = [];
    for (const name of byKind('allowlist')) {
      const c = classifyCommand(`${name} --zz-not-an-option-zz x`);
      if (c.kind !== 'compound' || !/#unknown_option|#exec-\[-\?/.test(c.key)) lax.push(`${name}: ${c.kind} ${c.key ?? ''}`);
    }
    expect(lax).toEqual([]);
  });
});
