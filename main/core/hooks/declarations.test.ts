/** Reading hook declarations: Claude Code's shape, our matcher and key, and every problem reported (never guessed). */
import { describe, expect, it } from 'vitest';
import { matchesTool, readHooks } from './declarations.js';

describe('readHooks', () => {
  it('reads event → groups → command hooks, with defaults (10 s, host) and stable ids per scope', () => {
    const value = {
      PreToolUse: [{ matcher: 'run_command', key: 'run_command:rm', hooks: [{ type: 'command', command: 'guard.sh', timeout: 2.5 }] }],
      PostToolUse: [{ matcher: 'write_file|edit_file', hooks: [{ type: 'command', command: 'fmt', environment: 'sandbox' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
    };
    const r = readHooks(value, 'project', '/p');
    expect(r.problems).toEqual([]);
    expect(r.hooks.map(({ id: _id, ...h }) => h)).toEqual([
      {
        at: 'PreToolUse[0].hooks[0]',
        source: 'project',
        event: 'PreToolUse',
        matcher: 'run_command',
        key: 'run_command:rm',
        command: 'guard.sh',
        timeoutMs: 2500,
        environment: 'host',
      },
      {
        at: 'PostToolUse[0].hooks[0]',
        source: 'project',
        event: 'PostToolUse',
        matcher: 'write_file|edit_file',
        command: 'fmt',
        timeoutMs: 10_000,
        environment: 'sandbox',
      },
      { at: 'Stop[0].hooks[0]', source: 'project', event: 'Stop', command: 'notify-send done', timeoutMs: 10_000, environment: 'host' },
    ]);
    expect(readHooks(value, 'project', '/p').hooks.map((h) => h.id)).toEqual(r.hooks.map((h) => h.id));
    expect(readHooks(value, 'project', '/q').hooks[0]!.id).not.toBe(r.hooks[0]!.id);
  });

  it("reads the container environment (run_container's), and refuses an environment it does not know", () => {
    const r = readHooks(
      {
        PreToolUse: [
          { hooks: [{ type: 'command', command: 'guard.sh', environment: 'docker' }] },
          { hooks: [{ type: 'command', command: 'guard.sh', environment: 'container' }] },
        ],
      },
      'user',
    );
    expect(r.hooks.map((h) => [h.at, h.environment])).toEqual([['PreToolUse[0].hooks[0]', 'docker']]);
    expect(r.problems.map((p) => p.at)).toEqual(['PreToolUse[1].hooks[0]']);
    // The environment is part of the hook's identity: moving it into the container is a new hook (its own switch).
    const host = readHooks({ PreToolUse: [{ hooks: [{ type: 'command', command: 'guard.sh' }] }] }, 'user');
    expect(host.hooks[0]!.id).not.toBe(r.hooks[0]!.id);
  });

  it('reports what it cannot read, with where, and skips only that', () => {
    const r = readHooks(
      {
        PreTooluse: [],
        PreToolUse: [
          { matcher: 'Edit.*', hooks: [{ type: 'command', command: 'a' }] },
          { key: 'run_command:rm*', hooks: [{ type: 'command', command: 'b' }] },
          {
            hooks: [
              { type: 'http', url: 'https://x' },
              { type: 'command', command: '' },
              { type: 'command', command: 'ok', timeout: 10_000 },
            ],
          },
          { hooks: [{ type: 'command', command: 'fine' }] },
        ],
        Stop: [{ matcher: 'x', hooks: [] }],
        Notification: 'nope',
      },
      'user',
    );
    expect(r.hooks.map((h) => h.command)).toEqual(['fine']);
    expect(r.problems.map((p) => [p.event, p.at])).toEqual([
      [undefined, 'PreTooluse'],
      ['PreToolUse', 'PreToolUse[0].matcher'],
      ['PreToolUse', 'PreToolUse[1].key'],
      ['PreToolUse', 'PreToolUse[2].hooks[0]'],
      ['PreToolUse', 'PreToolUse[2].hooks[1]'],
      ['PreToolUse', 'PreToolUse[2].hooks[2]'],
      ['Stop', 'Stop[0]'],
      ['Notification', 'Notification'],
    ]);
    expect(readHooks([], 'user').problems).toHaveLength(1);
    expect(readHooks(undefined, 'user')).toEqual({ hooks: [], problems: [] });
  });

  it('matches tool names: exact, | lists, * and prefixes', () => {
    expect(matchesTool(undefined, 'run_command')).toBe(true);
    expect(matchesTool('*', 'run_command')).toBe(true);
    expect(matchesTool('write_file|edit_file', 'edit_file')).toBe(true);
    expect(matchesTool('write_file|edit_file', 'write_files')).toBe(false);
    expect(matchesTool('mcp__github__*', 'mcp__github__create_pr')).toBe(true);
    expect(matchesTool('mcp__github__*', 'mcp__gitlab__x')).toBe(false);
  });
});
