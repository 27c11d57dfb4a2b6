/**
 * An MCP server's tool as a registry entry: model-facing name `mcp__<server>__<tool>`, permission
 * key `mcp:<server>:<tool>`, always Ask, in the server's environment (which decides the ceiling).
 * The server's hints (readOnlyHint, destructiveHint, …) are shown in the prompt as what the server
 * claims — never used to decide anything.
 */
import type { Tool as McpToolDef } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MCP_KEY_TOOL, type Permission } from '../permissions/index.js';
import { isAbort, toolError, type Tool } from '../tools/index.js';
import type { ServerConnection } from './connection.js';
import type { NamedTool } from './names.js';
import { toToolResult } from './results.js';

export const MAX_DESCRIPTION_CHARS = 2000;
const MAX_SCHEMA_CHARS = 64 * 1024;

export interface McpToolMeta {
  server: string;
  serverId: string;
  /** The server's own name for the tool. */
  tool: string;
  key: string;
  description: string;
  hints: string[];
}

/** The server's annotations in words, each marked as the server's claim. */
export function hintsOf(def: McpToolDef): string[] {
  const a = def.annotations ?? {};
  const out: string[] = [];
  if (a.title) out.push(`title: ${String(a.title).slice(0, 200)}`);
  if (a.readOnlyHint === true) out.push('read-only (the server says so; not verified)');
  if (a.destructiveHint === true) out.push('destructive (the server says so)');
  if (a.destructiveHint === false) out.push('not destructive (the server says so; not verified)');
  if (a.idempotentHint === true) out.push('idempotent (the server says so)');
  if (a.openWorldHint === true) out.push('reaches the outside world (the server says so)');
  return out;
}

function modelSchema(def: McpToolDef): Record<string, unknown> {
  const s = def.inputSchema as Record<string, unknown> | undefined;
  if (!s || s.type !== 'object' || JSON.stringify(s).length > MAX_SCHEMA_CHARS)
    return { type: 'object', properties: {}, additionalProperties: true };
  const { $schema: _drop, ...rest } = s;
  return rest;
}

export function mcpMeta(conn: ServerConnection, named: NamedTool, def: McpToolDef): McpToolMeta {
  return {
    server: conn.spec.name,
    serverId: conn.spec.id,
    tool: named.raw,
    key: named.key,
    description: (def.description ?? '').slice(0, MAX_DESCRIPTION_CHARS),
    hints: hintsOf(def),
  };
}

export type McpRegistryTool = Tool<Record<string, unknown>> & { mcp: McpToolMeta };

export function mcpTool(conn: ServerConnection, named: NamedTool, def: McpToolDef): McpRegistryTool {
  const meta = mcpMeta(conn, named, def);
  const action = named.key.slice(MCP_KEY_TOOL.length + 1);
  const notes = [
    `MCP server "${meta.server}" (${conn.spec.source === 'user' ? 'your settings' : conn.spec.source === 'project' ? 'codecoder.json' : '.mcp.json'}), tool "${meta.tool}"`,
    ...meta.hints.map((h) => `hint: ${h}`),
  ];
  const permission: Permission = { kind: 'ask', key: { tool: MCP_KEY_TOOL, action, raw: named.key }, flags: { notes } };
  return {
    name: named.modelName,
    description: `[MCP server ${meta.server}] ${meta.description}`.trim(),
    category: 'mcp',
    environment: conn.spec.environment,
    // A server may change the project's files unless it says it only reads (a claim, trusted only
    // to skip a checkpoint: never for a permission). Its key is `mcp:<server>:<tool>`, no path.
    touches: { changesFiles: def.annotations?.readOnlyHint !== true, fileAccess: 'none', keyFromCommand: false },
    parameters: z.record(z.string(), z.unknown()),
    inputJsonSchema: modelSchema(def),
    keyTemplate: named.key,
    mcp: meta,
    permission: () => permission,
    // The prompt names the server and its own name for the tool, and shows its hints as claims.
    preview: async () => ({ mcp: { server: meta.server, tool: meta.tool, hints: meta.hints } }),
    async execute(args, ctx) {
      if (ctx.signal.aborted) return toolError(`${named.modelName}: cancelled`);
      try {
        const r = await conn.callTool(meta.tool, args, ctx.signal);
        return toToolResult(meta.server, meta.tool, r);
      } catch (err) {
        if (isAbort(err, ctx.signal)) return toolError(`${named.modelName}: cancelled (the server was sent notifications/cancelled)`);
        return toolError(`${named.modelName}: ${(err as Error).message}`);
      }
    },
  };
}
