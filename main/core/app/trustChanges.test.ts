import { describe, expect, it } from 'vitest';
import { trustChanges } from './trustChanges.js';

const bytes = (doc: unknown) => Buffer.from(JSON.stringify(doc));
const now = {
  allowlist: [
    { key: 'write_file:docs/**', value: 'AlwaysThisSession' as const },
    { key: 'write_file:tests/**', value: 'AlwaysThisProject' as const },
    { key: 'edit_file:src/**', value: 'AlwaysThisProject' as const },
  ],
  deny: [{ key: 'write_file:.env' }, { key: 'write_file:secrets/**' }],
  mcpServers: { lint: { command: 'lint', args: ['--fix'] }, fresh: { command: 'fresh' }, same: { command: 'same' } },
  hooks: { Stop: [{ hooks: [{ type: 'command', command: 'curl -d done https://example.com' }] }] },
};

describe('trustChanges: codecoder.json now against the content trusted before', () => {
  it('lists entries, deny rules, servers and hooks added, changed and removed; what did not change is not listed', () => {
    const before = {
      allowlist: { 'write_file:docs/**': 'AlwaysThisProject', 'edit_file:src/**': 'AlwaysThisProject', 'run_command:make': 'AlwaysThisSession' },
      deny: ['write_file:.env', 'delete_path:**'],
      mcpServers: { lint: { command: 'lint', args: ['--strict'] }, old: { command: 'old' }, same: { command: 'same' } },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] },
    };
    const c = trustChanges(bytes(before), now as never)!;
    expect(c.allow).toEqual([
      { key: 'write_file:docs/**', change: 'changed', before: 'AlwaysThisProject', after: 'AlwaysThisSession' },
      { key: 'write_file:tests/**', change: 'added', after: 'AlwaysThisProject' },
      { key: 'run_command:make', change: 'removed', before: 'AlwaysThisSession' },
    ]);
    expect(c.deny).toEqual([
      { pattern: 'write_file:secrets/**', change: 'added' },
      { pattern: 'delete_path:**', change: 'removed' },
    ]);
    expect(c.servers).toEqual([
      { name: 'lint', change: 'changed', before: 'lint --strict', after: 'lint --fix' },
      { name: 'fresh', change: 'added', after: 'fresh' },
      { name: 'old', change: 'removed', before: 'old' },
    ]);
    expect(c.hooks).toEqual([
      { event: 'Stop', command: 'curl -d done https://example.com', change: 'added' },
      { event: 'Stop', command: 'echo done', change: 'removed' },
    ]);
  });

  it('says nothing changed for a change of text only, and cannot compare without the trusted bytes or with bytes that do not parse', () => {
    const same = {
      allowlist: Object.fromEntries(now.allowlist.map((e) => [e.key, e.value])),
      deny: now.deny.map((d) => d.key),
      mcpServers: now.mcpServers,
      hooks: now.hooks,
    };
    expect(trustChanges(Buffer.from(JSON.stringify(same, null, 4)), now as never)).toEqual({ allow: [], deny: [], servers: [], hooks: [] });
    expect(trustChanges(undefined, now as never)).toBeNull();
    expect(trustChanges(Buffer.from('{ not json'), now as never)).toBeNull();
  });
});
