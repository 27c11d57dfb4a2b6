/**
 * The main agent's registry with the MCP servers' tools added after the built-in ones. The list is
 * read at each use (servers come and go, `tools/list_changed`), and the sub-agent registry stays the
 * read-only nine: a sub-agent never gets an MCP tool.
 */
import type { FullToolRegistry, Tool } from '../tools/index.js';
import type { McpManager } from './manager.js';

export function withMcpTools(base: FullToolRegistry, mcp: Pick<McpManager, 'tools' | 'tool'> | undefined): FullToolRegistry {
  if (!mcp) return base;
  return {
    list: (): Tool[] => [...base.list(), ...(mcp.tools() as Tool[])],
    get: (name: string): Tool | undefined => base.get(name) ?? (mcp.tool(name) as Tool | undefined),
    subAgentRegistry: () => base.subAgentRegistry(),
    toJsonSchema: (tool: Tool) => base.toJsonSchema(tool),
  };
}
