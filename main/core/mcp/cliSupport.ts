/**
 * What the CLI needs of MCP without starting anything: the servers a project declares (user-level,
 * codecoder.json, .mcp.json) read statically, so `allowlist validate` and `check` know each `mcp:`
 * key's environment (its ceiling), and `check mcp__<server>__<tool> ARGS_JSON` knows the key the
 * name stands for. A dry run never spawns a server, so it cannot see a tool list: the name is
 * read as `mcp__<server id>__<tool part>` against the configured servers.
 */
import path from 'node:path';
import { z } from 'zod';
import { MCP_KEY_TOOL, MCP_NAME, type Environment, type Permission } from '../permissions/index.js';
import { MCP_JSON, USER_MCP_FILE, mcpKeyEnvironment, readServersFile, serverList, type ServerList } from './config.js';

export async function staticServers(projectRoot: string, dataDir: string, projectServers: unknown): Promise<ServerList> {
  const user = await readServersFile(path.join(dataDir, USER_MCP_FILE));
  const side = await readServersFile(path.join(projectRoot, MCP_JSON));
  return serverList({
    ...(user.exists && !user.error ? { user: user.value } : {}),
    project: projectServers,
    ...(side.exists && !side.error ? { mcpJson: side.value } : {}),
  });
}

/** The environment of an `mcp:` key from a static server list (as McpManager.environmentOfKey). */
export function staticEnvironmentOfKey(list: ServerList): (raw: string) => Environment | undefined {
  return (raw) => mcpKeyEnvironment(raw, list.servers);
}

export interface StaticMcpTool {
  environment: Environment;
  parameters: z.ZodType;
  permission(): Permission;
}

/** `mcp__<server>__<tool>` → the tool's key and environment, or a sentence saying why not. */
export function staticMcpTool(list: ServerList, name: string): StaticMcpTool | { error: string } {
  const m = /^mcp__(.+)$/.exec(name);
  if (!m) return { error: `${name} is not an MCP tool name (mcp__<server>__<tool>)` };
  // The longest configured server id that the name starts with (ids may contain "__").
  const spec = [...list.servers].sort((a, b) => b.id.length - a.id.length).find((s) => m[1]!.startsWith(`${s.id}__`));
  if (!spec) return { error: `no configured MCP server matches ${name} (servers: ${list.servers.map((s) => s.id).join(', ') || 'none'})` };
  const part = m[1]!.slice(spec.id.length + 2);
  if (!MCP_NAME.test(part)) return { error: `${name}: "${part}" is not a sanitised tool name` };
  const raw = `${MCP_KEY_TOOL}:${spec.id}:${part}`;
  return {
    environment: spec.environment,
    parameters: z.record(z.string(), z.unknown()),
    permission: () => ({ kind: 'ask', key: { tool: MCP_KEY_TOOL, action: `${spec.id}:${part}`, raw } }),
  };
}
