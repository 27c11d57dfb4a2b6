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
  /** What runs: the command line or URL, with the variables (or headers) it gets by NAME only. */
  target: z.string(),
  /** The entry as the edit form shows it: variables by name only (values may be secrets). */
  form: z
    .object({
      command: z.string().optional(),
      args: z.array(z.string()).optional(),
      url: z.string().optional(),
      sandbox: z.boolean(),
      envNames: z.array(z.string()),
    })
    .optional(),
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

const envName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name is letters, digits and "_", not starting with a digit');
const envValue = z
  .string()
  .max(8192)
  .refine((v) => !v.includes('\0'), 'a value has no NUL character');
const uniqueNames = (env: { name: string }[] | undefined) => new Set(env?.map((v) => v.name)).size === (env?.length ?? 0);

const serverFields = {
  name: serverName,
  command: z.string().min(1).max(4096).optional(),
  args: z.array(z.string().max(4096)).max(100).optional(),
  url: z.string().url().max(4096).optional(),
  sandbox: z.boolean().optional(),
};

export const mcpAddInputSchema = z
  .object({
    ...serverFields,
    /** A stdio server's environment: names and values (stored in the entry's "env"; never shown back). */
    env: z.array(z.object({ name: envName, value: envValue }).strict()).max(50).optional(),
    /** project: codecoder.json (starts once the file is trusted); user: your own mcp.json, every project. */
    scope: z.enum(['project', 'user']).optional(),
  })
  .strict()
  .refine((v) => Boolean(v.command) !== Boolean(v.url), 'give either a command or a url')
  .refine((v) => !(v.url && v.env?.length), 'environment variables are for a command, not a url')
  .refine((v) => uniqueNames(v.env), 'each variable once');

export const mcpUpdateInputSchema = z
  .object({
    ...serverFields,
    /** The variables it keeps; one without a value keeps the value already written. Absent: unchanged. */
    env: z.array(z.object({ name: envName, value: envValue.optional() }).strict()).max(50).optional(),
  })
  .strict()
  .refine((v) => Boolean(v.command) !== Boolean(v.url), 'give either a command or a url')
  .refine((v) => uniqueNames(v.env), 'each variable once');

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
  'mcp.update': method(
    "Edit a server of codecoder.json or of your own mcp.json (a folder's .mcp.json is the repository's: not edited here).",
    mcpUpdateInputSchema,
    mcpViewSchema,
  ),
  'mcp.remove': method(
    "Remove a server from codecoder.json or your own mcp.json (a folder's .mcp.json is the repository's: not edited here).",
    z.object({ name: z.string().min(1).max(200) }).strict(),
    mcpViewSchema,
  ),
  'mcp.trustMcpJson': method("Trust the folder's .mcp.json as it is now: its servers may start.", noInput, mcpViewSchema),
};

export const mcpEvents = {
  'mcp.changed': event('A server of the project changed status or tools.', mcpViewSchema),
};
