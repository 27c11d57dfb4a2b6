import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/contract/index.js';
import { checkNewEntry, keySuggestions, toolOfKey } from './entryCheck.js';

const tool = (
  name: string,
  environment: ToolInfo['environment'],
  permission: ToolInfo['permission'] = 'ask',
  keyTemplate: string | null = `${name}:<x>`,
): ToolInfo => ({
  name,
  category: 'c',
  description: '',
  permission,
  keyTemplate,
  environment,
  touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
  subAgent: false,
});
const catalogue = [
  tool('run_command', 'shell', 'ask', 'run_command:<program>'),
  tool('write_file', 'host', 'ask', 'write_file:<project-relative path>'),
  tool('run_container', 'docker'),
  tool('read_file', 'host', 'none', null),
];

describe('checkNewEntry', () => {
  it('blocks a shell key at project scope with the ceiling rule, allows it for the session and as a deny rule', () => {
    const r = checkNewEntry('run_command:git', 'project', catalogue);
    expect(r).toMatchObject({ ok: false, ceiling: true });
    expect(!r.ok && r.problem).toMatch(/session at most/);
    expect(checkNewEntry('run_command:git', 'session', catalogue).ok).toBe(true);
    expect(checkNewEntry('run_command:git:push', 'deny', catalogue).ok).toBe(true);
  });
  it('lets host, docker and other non-shell keys reach the project', () => {
    expect(checkNewEntry('write_file:tests/**', 'project', catalogue)).toMatchObject({ ok: true, tool: { environment: 'host' } });
    expect(checkNewEntry('run_container:npm', 'project', catalogue).ok).toBe(true);
  });
  it('explains malformed keys, unknown tools, tools that never ask and hidden characters', () => {
    expect(checkNewEntry('', 'session', catalogue)).toMatchObject({ ok: false });
    expect(checkNewEntry('git', 'session', catalogue)).toMatchObject({ ok: false, problem: expect.stringMatching(/colon/) });
    expect(checkNewEntry('rm_rf:x', 'session', catalogue)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/no tool called "rm_rf"/),
    });
    expect(checkNewEntry('run_command:', 'session', catalogue)).toMatchObject({ ok: false, problem: expect.stringMatching(/<program>/) });
    expect(checkNewEntry('read_file:x', 'project', catalogue)).toMatchObject({ ok: false, problem: expect.stringMatching(/never asks/) });
    expect(checkNewEntry('run_command:git\u200b', 'session', catalogue)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('\\u200b'),
    });
  });
  it('reads the tool as the part before the first colon', () => {
    expect(toolOfKey('run_command:git:push')).toBe('run_command');
    expect(toolOfKey('write_file:a:b')).toBe('write_file');
  });
});

describe('keySuggestions', () => {
  it('completes tool names that ask, then shows the key template and examples', () => {
    expect(keySuggestions('', catalogue).map((s) => s.value)).toEqual(['run_command:', 'write_file:', 'run_container:']);
    expect(keySuggestions('wr', catalogue)).toEqual([{ value: 'write_file:', hint: 'write_file:<project-relative path>' }]);
    expect(keySuggestions('run_command:g', catalogue).map((s) => s.value)).toEqual([
      'run_command:g',
      'run_command:git',
      'run_command:git:status',
    ]);
    expect(keySuggestions('read_file:', catalogue)).toEqual([]);
  });
});

describe('MCP keys in the add form', () => {
  it("lets mcp: keys through (main judges the server's ceiling) and asks for the server and tool", () => {
    expect(checkNewEntry('mcp:github:*', 'project', []).ok).toBe(true);
    expect(checkNewEntry('mcp:*', 'deny', []).ok).toBe(true);
    const empty = checkNewEntry('mcp:', 'session', []);
    expect(empty.ok).toBe(false);
    expect(!empty.ok && empty.problem).toContain('mcp:<server>:<tool>');
  });
});
