/**
 * The key grammar of MCP tools: `mcp:<server>:<tool>`, where both names are already sanitised to
 * [A-Za-z0-9_-] (mcp/names.ts). Three entry shapes, nothing else:
 *
 *   mcp:<server>:<tool>   that one tool
 *   mcp:<server>:*        every tool of that server
 *   mcp:*                 every tool of every MCP server
 *
 * Matching is Map lookups, no globs. Allow entries compare names exactly; deny entries compare them
 * case-insensitively (a deny rule written `mcp:GitHub:*` still refuses `mcp:github:push`): each side
 * errs toward asking or refusing, as for every other key.
 */
import type { PermissionKey } from './types.js';

export const MCP_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export type McpShape = { shape: 'any' } | { shape: 'server'; server: string } | { shape: 'tool'; server: string; tool: string };

/** The entry's shape, or a sentence saying why it is not one. */
export function mcpShape(action: string): McpShape | { shape: 'bad'; problem: string } {
  if (action === '*') return { shape: 'any' };
  const parts = action.split(':');
  const [server, tool] = parts;
  if (parts.length === 2 && server !== undefined && tool !== undefined && MCP_NAME.test(server)) {
    if (tool === '*') return { shape: 'server', server };
    if (MCP_NAME.test(tool)) return { shape: 'tool', server, tool };
  }
  return {
    shape: 'bad',
    problem: `an MCP key is mcp:<server>:<tool>, mcp:<server>:* or mcp:* with names of letters, digits, '_' and '-' ("mcp:${action}" is none of them)`,
  };
}

/** Allow or deny entries of the mcp grammar, matched without any glob. */
export class McpIndex<T> {
  private any: T | undefined;
  private readonly servers = new Map<string, T>();
  private readonly tools = new Map<string, T>();
  size = 0;

  constructor(private readonly nocase: boolean) {}

  private norm(s: string): string {
    return this.nocase ? s.toLowerCase() : s;
  }

  /** False when the entry is not of the grammar (already reported by patternProblem). */
  add(key: PermissionKey, value: T): boolean {
    const s = mcpShape(key.action);
    if (s.shape === 'bad') return false;
    this.size++;
    if (s.shape === 'any') this.any ??= value;
    else if (s.shape === 'server') {
      if (!this.servers.has(this.norm(s.server))) this.servers.set(this.norm(s.server), value);
    } else if (!this.tools.has(this.norm(`${s.server}:${s.tool}`))) this.tools.set(this.norm(`${s.server}:${s.tool}`), value);
    return true;
  }

  /** The entry covering a call's key. A key that is not `<server>:<tool>` matches only `mcp:*` on the deny side, nothing on the allow side. */
  find(key: PermissionKey): T | undefined {
    if (this.size === 0) return undefined;
    const s = mcpShape(key.action);
    if (s.shape !== 'tool') return this.nocase ? this.any : undefined;
    return this.tools.get(this.norm(`${s.server}:${s.tool}`)) ?? this.servers.get(this.norm(s.server)) ?? this.any;
  }
}
