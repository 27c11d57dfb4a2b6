import { describe, expect, it } from 'vitest';
import { ceilingTitle, ceilingWhy } from './ceilingWords.js';

describe('the ceiling rule in words for one key', () => {
  it('names what reaches the session at most from the key and its environment', () => {
    expect(ceilingTitle('run_command:git-status-&&-git-push', 'shell')).toBe('Shell commands can be allowed for this session at most.');
    expect(ceilingTitle('mcp:fx:lookup', 'shell')).toBe('The tools of an MCP server running on this computer can be allowed for this session at most.');
    expect(ceilingTitle('mcp:gh:create_issue', 'remote')).toBe("A remote MCP server's tools can be allowed for this session at most.");
    expect(ceilingTitle('net:registry.npmjs.org', 'remote')).toBe('A network host can be allowed for this session at most.');
  });

  it('gives each its own reason; no MCP tool is called a shell command', () => {
    expect(ceilingWhy('run_command:ls', 'shell')).toMatch(/^Shell commands can do anything on this machine/);
    expect(ceilingWhy('mcp:fx:lookup', 'shell')).toMatch(/^A server running on this computer outside any sandbox/);
    expect(ceilingWhy('mcp:fx:lookup', 'shell')).not.toMatch(/Shell commands/);
    expect(ceilingWhy('mcp:gh:push', 'remote')).toMatch(/^A remote server acts on the world/);
    expect(ceilingWhy('net:example.com', 'remote')).toMatch(/^A network host is a way out/);
  });
});
