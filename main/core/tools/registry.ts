/**
 * The 26 tools (docs/tools.md) in one registry, and the read-only set a sub-agent gets. Arguments are validated here, with the tool's zod schema, before the
 * permission check ever sees them.
 */
import { z } from 'zod';
import { agentTool } from './agent/agent.js';
import { memoryTool } from './agent/memory.js';
import { reasonTool } from './agent/reason.js';
import { capabilityTools } from './capabilities/index.js';
import type { ToolDeps } from './deps.js';
import { deletePathTool } from './edit/deletePath.js';
import { editFileTool } from './edit/editFile.js';
import { movePathTool } from './edit/movePath.js';
import { writeFileTool } from './edit/writeFile.js';
import { executeTools } from './execute/index.js';
import { diffTool } from './read/diff.js';
import { globTool } from './read/glob.js';
import { grepTool } from './read/grep.js';
import { listDirTool } from './read/listDir.js';
import { readFileTool } from './read/readFile.js';
import type { Tool, ToolCategory, ToolRegistry } from './types.js';
import { commitTool } from './vcs/commit.js';
import { gitLogTool } from './vcs/gitLog.js';
import { gitStatusTool } from './vcs/gitStatus.js';
import { githubSearchTool } from './web/githubSearch.js';
import { webFetchTool } from './web/webFetch.js';
import { webSearchTool } from './web/webSearch.js';
import { TOOL_NAMES } from './names.js';

/** The nine read-only tools, all Permission None. Nothing else is visible to a sub-agent. */
export const SUB_AGENT_TOOL_NAMES = [
  'read_file',
  'glob',
  'grep',
  'diff',
  'web_search',
  'web_fetch',
  'github_search',
  'agent',
  'reason',
] as const;

export const CATEGORY_ORDER: readonly ToolCategory[] = ['read', 'edit', 'execute', 'vcs', 'web', 'agent', 'mcp'];

export { TOOL_NAMES };

export const unknownToolMessage = (name: string): string => `unknown tool: ${name}`;

export interface FullToolRegistry extends ToolRegistry {
  /** The sub-agent's registry: the nine tools, same instances; any other name is unknown. */
  subAgentRegistry(): ToolRegistry;
  /** The tool's parameters as JSON Schema (draft 2020-12, input side) for the model. */
  toJsonSchema(tool: Tool): Record<string, unknown>;
}

function registryOf(tools: Tool[]): ToolRegistry {
  const byName = new Map<string, Tool>();
  for (const t of tools) {
    if (byName.has(t.name)) throw new Error(`two tools are named ${t.name}`);
    byName.set(t.name, t);
  }
  return { list: () => [...byName.values()], get: (name) => byName.get(name) };
}

export function toJsonSchema(tool: Tool): Record<string, unknown> {
  if (tool.inputJsonSchema) return tool.inputJsonSchema;
  const schema = z.toJSONSchema(tool.parameters, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // Model APIs want a bare object schema; the $schema marker is noise to them.
  delete schema.$schema;
  return schema;
}

export function createToolRegistry(deps: ToolDeps): FullToolRegistry {
  const mine: Tool[] = [
    readFileTool(),
    listDirTool(),
    globTool(),
    grepTool(),
    diffTool(),
    writeFileTool(),
    editFileTool(),
    deletePathTool(),
    movePathTool(),
    gitStatusTool(),
    gitLogTool(),
    commitTool(),
    webSearchTool(deps),
    webFetchTool(deps),
    githubSearchTool(deps),
    agentTool(deps),
    reasonTool(),
    memoryTool(),
  ] as Tool[];
  const all = [...mine, ...executeTools(deps), ...capabilityTools(deps)];
  const order = new Map<string, number>(TOOL_NAMES.map((n, i) => [n, i]));
  all.sort((a, b) => (order.get(a.name) ?? 99) - (order.get(b.name) ?? 99));
  const main = registryOf(all);
  const sub = registryOf(
    SUB_AGENT_TOOL_NAMES.map((n) => {
      const t = main.get(n);
      if (!t) throw new Error(`sub-agent tool ${n} is missing from the registry`);
      return t;
    }),
  );
  return { ...main, subAgentRegistry: () => sub, toJsonSchema };
}

export type ParsedArgs<A> = { ok: true; args: A } | { ok: false; error: string };

/**
 * Validates a model's arguments against the tool's schema. The error names each bad field, e.g.
 * `read_file: invalid arguments: "limit": Too small: expected number to be >=1`.
 */
export function parseToolArgs<A>(tool: Tool<A>, raw: unknown): ParsedArgs<A> {
  const r = tool.parameters.safeParse(raw ?? {});
  if (r.success) return { ok: true, args: r.data };
  const parts = r.error.issues.map((i) => {
    const field = i.path.length ? i.path.map(String).join('.') : undefined;
    if (i.code === 'unrecognized_keys') return `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}`;
    return field ? `"${field}": ${i.message}` : i.message;
  });
  return { ok: false, error: `${tool.name}: invalid arguments: ${parts.join('; ')}` };
}
