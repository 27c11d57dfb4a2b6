/**
 * MCP servers of the open project: status, tools (with key and level), enable/disable/restart,
 * adding a server to codecoder.json, trusting a sibling .mcp.json.
 */
import { z } from 'zod';
import { event, method, noInput } from './define.js';
import { environmentSchema } from './permissions.js';

export const mcpToolSchema = z.object({
  /** Model-facing: mcp__<server>__<tool>. */
  name: z.string(),
  /** The server's own name for it. */
  tool: z.string(),
  /** mcp:<server>:<tool>. */
  key: z.string(),
  description: z.string(),
  /** The server's annotations in words: shown, never trusted. */
  hints: z.array(z.string()),
  /** What a call would get now: asked, allowed (by codecoder.json or this session), or denied. */
  level: z.enum(['ask', 'allow', 'deny']),
  via: z.string(),
});

export const mcpServerSchema = z.object({
  name: z.string(),
  id: z.string(),
  source: z.enum(['user', 'project', 'mcp.json']),
  transport: z.enum(['stdio', 'http']),
  environment: environmentSchema,
  /** The highest scope its keys may be granted: session for host stdio and remote servers. */
  ceiling: z.enum(['session', 'project']),
  status: z.enum(['starting', 'ready', 'failed', 'disabled', 'untrusted']),
  reason: z.string().nullable(),
  stderrTail: z.string().nullable(),
  target: z.string(),
  tools: z.array(mcpToolSchema),
});

export const mcpViewSchema = z.object({
  servers: z.array(mcpServerSchema),
  /** Entries that could not be used, and name collisions, in words. */
  problems: z.array(z.string()),
  /** The sibling .mcp.json: absent, or its trust. */
  mcpJson: z.enum(['absent', 'trusted', 'untrusted', 'changed']),
});
export type McpView = z.infer<typeof mcpViewSchema>;
export type McpServerInfo = z.infer<typeof mcpServerSchema>;

const serverName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'a server name is letters, digits, "_" and "-"');

export const mcpAddInputSchema = z
  .object({
    name: serverName,
    command: z.string().min(1).max(4096).optional(),
    args: z.array(z.string().max(4096)).max(100).optional(),
    url: z.string().url().max(4096).optional(),
    sandbox: z.boolean().optional(),
    /** project: codecoder.json (starts once the file is trusted); user: your own mcp.json, every project. */
    scope: z.enum(['project', 'user']).optional(),
  })
  .strict()
  .refine((v) => Boolean(v.command) !== Boolean(v.url), 'give either a command or a url');

export const mcpMethods = {
  'mcp.list': method("The project's MCP servers, their status and tools.", noInput, mcpViewSchema),
  'mcp.setEnabled': method(
    'Turn a server off (or on again) for this session.',
    z.object({ name: z.string().min(1).max(200), enabled: z.boolean() }).strict(),
    mcpViewSchema,
  ),
  'mcp.restart': method(
    'Restart a server (forgets earlier crashes).',
    z.object({ name: z.string().min(1).max(200) }).strict(),
    mcpViewSchema,
  ),
  'mcp.add': method(
    'Add a server to codecoder.json "mcpServers" (a minimal, atomic edit). It starts once the file is trusted.',
    mcpAddInputSchema,
    mcpViewSchema,
  ),
  'mcp.trustMcpJson': method("Trust the folder's .mcp.json as it is now: its servers may start.", noInput, mcpViewSchema),
};

export const mcpEvents = {
  'mcp.changed': event('A server of the project changed status or tools.', mcpViewSchema),
};
