/** The reference design's own examples, verbatim. */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './index.js';

describe('seed examples', () => {
  it('git status → run_command:git (simple)', () => {
    expect(classifyCommand('git status')).toEqual({
      kind: 'simple',
      key: 'run_command:git',
      program: 'git',
      subcommand: 'status',
      argv: ['git', 'status'],
    });
  });

  it('git status && git add . → run_command:git-status-&&-git-add', () => {
    const c = classifyCommand('git status && git add .');
    expect(c.kind).toBe('compound');
    expect(c.key).toBe('run_command:git-status-&&-git-add');
  });

  it('git status && git push origin main → run_command:git-status-&&-git-push', () => {
    const c = classifyCommand('git status && git push origin main');
    expect(c.kind).toBe('compound');
    expect(c.key).toBe('run_command:git-status-&&-git-push');
    if (c.kind === 'compound')
      expect(c.programs).toEqual([
        { program: 'git', subcommand: 'status' },
        { program: 'git', subcommand: 'push' },
      ]);
  });

  it('git pull && git push --force never shares the simple key run_command:git', () => {
    const c = classifyCommand('git pull && git push --force');
    expect(c.kind).toBe('compound');
    expect(c.key).toBe('run_command:git-pull-&&-git-push');
    expect(c.key).not.toBe('run_command:git');
  });

  it('the simple key of git push is run_command:git with subcommand push', () => {
    expect(classifyCommand('git push origin main')).toMatchObject({ kind: 'simple', key: 'run_command:git', subcommand: 'push' });
  });
});
