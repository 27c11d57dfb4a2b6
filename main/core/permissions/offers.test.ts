import { describe, expect, it } from 'vitest';
import { commandPermission } from './keys.js';
import { offeredScopes } from './offers.js';
import type { Permission } from './types.js';

const ask = (raw: string, flags: Extract<Permission, { kind: 'ask' }>['flags'] = {}): Extract<Permission, { kind: 'ask' }> => {
  const [tool, action] = raw.split(':') as [string, string];
  return { kind: 'ask', key: { tool, action, raw }, flags };
};

describe('offeredScopes: what a prompt may offer is what the engine honours', () => {
  it('a file write under the ceiling: once, session, project', () => {
    expect(offeredScopes(ask('write_file:notes/a.md'), 'host')).toEqual(['once', 'session', 'project']);
  });
  it('a shell key: no project (the ceiling)', () => {
    expect(offeredScopes(ask('run_command:git'), 'shell')).toEqual(['once', 'session']);
  });
  it('protected and outside paths, and commands with parts unknown until they run: once only', () => {
    expect(offeredScopes(ask('write_file:.git/hooks/pre-commit', { protectedPath: true }), 'host')).toEqual(['once']);
    expect(offeredScopes(ask('read_file:/etc/passwd', { outsideProject: true }), 'host')).toEqual(['once']);
    const unknown = commandPermission('$CMD --help');
    if (unknown.kind !== 'ask') throw new Error('expected ask');
    expect(offeredScopes(unknown, 'shell')).toEqual(['once']);
  });
});
