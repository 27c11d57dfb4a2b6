/**
 * Hooks (docs/hooks.md): the user's own programs around tool calls, shown in the Permissions tab's
 * Hooks section — each declaration with whether it runs, the switch, and its last runs with output.
 */
import { z } from 'zod';
import { event, method, noInput } from './define.js';

export const hookViewSchema = z.object({
  id: z.string(),
  source: z.enum(['user', 'project']),
  event: z.string(),
  matcher: z.string().optional(),
  key: z.string().optional(),
  command: z.string(),
  timeoutMs: z.number(),
  environment: z.enum(['host', 'sandbox', 'docker']),
  enabled: z.boolean(),
  /** Enabled and (for a project hook) codecoder.json trusted. */
  active: z.boolean(),
  inactiveReason: z.string().optional(),
});
export type HookView = z.infer<typeof hookViewSchema>;

export const hookRunViewSchema = z.object({
  hookId: z.string(),
  event: z.string(),
  command: z.string(),
  tool: z.string().optional(),
  key: z.string().optional(),
  /** none, deny, ask, allow-ignored, context, failed. */
  effect: z.string(),
  message: z.string().optional(),
  exitCode: z.number().int().nullable(),
  timedOut: z.boolean(),
  durationMs: z.number(),
  at: z.number(),
  /** Cut to a few thousand characters. */
  stdout: z.string(),
  stderr: z.string(),
});
export type HookRunView = z.infer<typeof hookRunViewSchema>;

export const hooksViewSchema = z.object({
  /** The user's hooks file (`<data dir>/hooks.json`). */
  userFile: z.string(),
  hooks: z.array(hookViewSchema),
  /** Declarations that cannot be read (a PreToolUse one makes every call ask until fixed). */
  problems: z.array(z.object({ source: z.enum(['user', 'project']), event: z.string().optional(), at: z.string(), message: z.string() })),
  /** The newest last. */
  runs: z.array(hookRunViewSchema),
});
export type HooksView = z.infer<typeof hooksViewSchema>;

export const hookEventNames = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'Notification'] as const;

export const hookAddInputSchema = z
  .object({
    event: z.enum(hookEventNames),
    /** Tool names, |-separated; * or empty for every tool (tool events only). */
    matcher: z.string().max(500).optional(),
    /** A key pattern in the deny-rule grammar (tool events only). */
    key: z.string().max(2000).optional(),
    command: z.string().trim().min(1).max(4096),
    /** Seconds (default 10). */
    timeout: z.number().positive().max(600).optional(),
    environment: z.enum(['host', 'sandbox']).optional(),
  })
  .strict();

export const hookMethods = {
  'hooks.list': method(
    "The project's hooks (yours and codecoder.json's), what cannot be read, and the last runs.",
    noInput,
    hooksViewSchema,
  ),
  'hooks.setEnabled': method(
    'Turn a hook off (or on again); kept in the data folder. A project hook still runs only once codecoder.json is trusted.',
    z.object({ id: z.string().regex(/^[0-9a-f]{16}$/), enabled: z.boolean() }).strict(),
    hooksViewSchema,
  ),
  'hooks.addUser': method('Add one of your own hooks to <data dir>/hooks.json (every project).', hookAddInputSchema, hooksViewSchema),
  'hooks.removeUser': method(
    "Remove one of your own hooks from hooks.json (a project's hooks are edited in its codecoder.json).",
    z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) }).strict(),
    hooksViewSchema,
  ),
};

export const hookEvents = {
  'hooks.changed': event('A hook ran, or the hooks changed.', hooksViewSchema),
};
