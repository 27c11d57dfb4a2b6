import { z } from 'zod';
import { event, method, noInput } from './define.js';

export const environmentSchema = z.enum(['host', 'shell', 'wasm', 'docker', 'sandbox', 'remote']);
export const scopeSchema = z.enum(['once', 'session', 'project']);

export const ceilingViolationSchema = z.object({
  key: z.string(),
  environment: environmentSchema,
  requested: scopeSchema,
  ceiling: z.enum(['session', 'project']),
  message: z.string(),
});

/** The state of codecoder.json as the editor shows it. */
export const configFileStatusSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  /** A file that does not parse or has wrong types: shown with line and column, never rewritten. */
  error: z.object({ message: z.string(), line: z.number().optional(), column: z.number().optional() }).nullable(),
  /** The file changed on disk since it was last loaded; nothing is applied until reload. */
  changedOnDisk: z.boolean(),
  /** Writes are refused (the file is malformed) until it is fixed. */
  readOnly: z.boolean(),
});

export const allowlistEntrySchema = z.object({
  key: z.string(),
  /** project: codecoder.json AlwaysThisProject; preset: codecoder.json AlwaysThisSession (offered at session start); session: in memory. */
  scope: z.enum(['project', 'preset', 'session']),
  environment: environmentSchema.nullable(),
  /** Session entries: ms since epoch when the entry lapses; null = until the session ends. */
  expiresAt: z.number().nullable(),
  hits: z.number().int(),
  source: z.enum(['codecoder.json', 'session']),
  /** The entry breaks the ceiling rule: reported, never honoured. */
  violation: ceilingViolationSchema.nullable(),
  /** Other problems (unknown tool, bad pattern): the entry is ignored. */
  problem: z.string().nullable(),
  line: z.number().optional(),
});
export type AllowlistEntryView = z.infer<typeof allowlistEntrySchema>;

export const denyEntrySchema = z.object({
  pattern: z.string(),
  hits: z.number().int(),
  problem: z.string().nullable(),
  line: z.number().optional(),
});

/** One allow entry of an untrusted codecoder.json, as the trust review shows it. */
export const trustReviewEntrySchema = z.object({
  key: z.string(),
  value: z.enum(['AlwaysThisProject', 'AlwaysThisSession']),
  /** What trusting would grant, in words. */
  meaning: z.string(),
  /** Above the ceiling: never honoured, trusted or not. */
  violation: z.string().nullable(),
  /** Ignored (unknown tool, unusable pattern), trusted or not. */
  problem: z.string().nullable(),
});

const changeSchema = z.enum(['added', 'removed', 'changed']);
const entryValueSchema = z.enum(['AlwaysThisProject', 'AlwaysThisSession']);

/** What changed in codecoder.json since this user trusted it (the re-trust review marks it). */
export const trustChangesSchema = z.object({
  allow: z.array(z.object({ key: z.string(), change: changeSchema, before: entryValueSchema.optional(), after: entryValueSchema.optional() })),
  deny: z.array(z.object({ pattern: z.string(), change: z.enum(['added', 'removed']) })),
  /** `before`/`after`: what the server runs (command line or URL). */
  servers: z.array(z.object({ name: z.string(), change: changeSchema, before: z.string().optional(), after: z.string().optional() })),
  hooks: z.array(z.object({ event: z.string(), command: z.string(), change: z.enum(['added', 'removed']) })),
});
export type TrustChanges = z.infer<typeof trustChangesSchema>;

/**
 * Folder trust of codecoder.json (recorded in the app's data folder, never the project): until this
 * user trusts the file's exact content, its allow entries and presets do not count; deny rules always do.
 */
export const folderTrustSchema = z.object({
  /** not-needed: no allow entries (or no file); changed: trusted before, the content is different now. */
  status: z.enum(['not-needed', 'trusted', 'untrusted', 'changed']),
  /** sha256 of the loaded codecoder.json: what `permissions.trust` must be given back. */
  sha256: z.string().nullable(),
  trustedAt: z.string().nullable(),
  runOnly: z.boolean(),
  /** Why trust cannot be read or recorded (the trust store is unusable, the file changed on disk). */
  error: z.string().nullable(),
  /** The file's allow entries with what each would grant. */
  review: z.array(trustReviewEntrySchema),
  /** The MCP servers the file would start once trusted: what runs, and where. */
  servers: z.array(z.object({ name: z.string(), runs: z.string(), environment: z.string() })).optional(),
  /** The hooks the file would run once trusted: each command line as written, when it runs, where; why one would not. */
  hooks: z
    .array(
      z.object({ event: z.string(), command: z.string(), runsFor: z.string(), environment: z.string(), problem: z.string().optional() }),
    )
    .optional(),
  /**
   * Status "changed" only: what changed since the content trusted before; null when that content was
   * not kept (trusted by an older version), so nothing can be compared.
   */
  changes: trustChangesSchema.nullable().optional(),
});

export const allowlistViewSchema = z.object({
  file: configFileStatusSchema,
  trust: folderTrustSchema,
  entries: z.array(allowlistEntrySchema),
  deny: z.array(denyEntrySchema),
  violations: z.array(ceilingViolationSchema),
});
export type AllowlistView = z.infer<typeof allowlistViewSchema>;

const keyInput = z.string().trim().min(3, 'enter a key such as run_command:git').max(10_000);

export const commandClassSchema = z.object({
  kind: z.enum(['simple', 'compound', 'invalid']),
  key: z.string().nullable(),
  program: z.string().optional(),
  subcommand: z.string().optional(),
  reason: z.string().optional(),
  notes: z.array(z.string()).optional(),
  argv: z.array(z.string()).optional(),
});

export const dryRunSchema = z.object({
  decision: z.enum(['allow', 'ask', 'deny']),
  via: z.string(),
  key: z.string().nullable(),
  reason: z.string().optional(),
  violations: z.array(ceilingViolationSchema),
});

export const auditRecordSchema = z.object({
  /** ISO 8601. */
  time: z.string(),
  agent: z.string(),
  conversation: z.string(),
  tool: z.string(),
  key: z.string().nullable(),
  decision: z.enum(['allow', 'deny']),
  /** The level or rule that decided: none, project, session, once, deny-rule, user-deny, invalid, ceiling. */
  via: z.string(),
  /** The allowlist entry or deny pattern that matched. */
  entry: z.string().optional(),
  asked: z.boolean().optional(),
  reason: z.string().optional(),
  /** What the call touched: the command, the path, the URL. */
  subject: z.string().optional(),
  /** A change to the allowlist (tool "allowlist"): who made it and how; key is the entry. */
  edit: z
    .object({
      op: z.enum(['add', 'remove', 'undo']),
      scope: z.enum(['project', 'preset', 'session', 'deny']),
      by: z.enum(['editor', 'answer']),
    })
    .optional(),
  /** Allowed once with part of a proposed change: the 0-based hunks of the diff shown that were written and those rejected. */
  hunks: z.object({ taken: z.array(z.number().int()), rejected: z.array(z.number().int()) }).optional(),
  /** A hook run (tool "hook", via "hook"): its event, source, effect, exit and duration; subject is its command line. */
  hook: z
    .object({
      event: z.string(),
      source: z.enum(['user', 'project']),
      environment: z.enum(['host', 'sandbox', 'docker']),
      tool: z.string().optional(),
      effect: z.string(),
      exitCode: z.number().int().nullable(),
      timedOut: z.boolean(),
      durationMs: z.number(),
    })
    .optional(),
});
export type AuditRecordView = z.infer<typeof auditRecordSchema>;

/**
 * What a tool touches, as the tool declares it (main/core/tools/types.ts ToolTouches is this type):
 * every list of tools the app keeps is derived from these, and the page reads them here instead of
 * naming tools.
 */
export const toolTouchesSchema = z.object({
  /** A call may change the project's files: a turn with it gets a checkpoint first. */
  changesFiles: z.boolean(),
  /**
   * What the tool does to the one project path its key names (`<tool>:<path>`): a path deny rule on
   * it meets a shell command's target of the same access, and Accept-edits mode covers `write`,
   * `delete` and `move` inside the project. `none`: its key names no project path.
   */
  fileAccess: z.enum(['none', 'write', 'delete', 'move']),
  /** Its key is a shell command's key (`<tool>:<program>[:<sub>]`, compound keys), and it shows a terminal. */
  keyFromCommand: z.boolean(),
});
export type ToolTouches = z.infer<typeof toolTouchesSchema>;

export const toolInfoSchema = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string(),
  permission: z.enum(['none', 'ask']),
  keyTemplate: z.string().nullable(),
  environment: environmentSchema,
  subAgent: z.boolean(),
  touches: toolTouchesSchema,
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;

export const permissionMethods = {
  'allowlist.list': method('Project, session and deny entries with their state.', noInput, allowlistViewSchema),
  'allowlist.add': method(
    'Add an entry. A shell key at project scope is refused with ceiling_violation.',
    z
      .object({
        key: keyInput,
        scope: z.enum(['project', 'session', 'deny']),
        ttlMs: z
          .number()
          .int()
          .positive()
          .max(7 * 24 * 3600_000)
          .optional(),
      })
      .strict(),
    allowlistViewSchema,
  ),
  'allowlist.remove': method(
    'Remove an entry (from codecoder.json for project, preset and deny; from memory for session).',
    z.object({ key: keyInput, scope: z.enum(['project', 'preset', 'session', 'deny']) }).strict(),
    allowlistViewSchema,
  ),
  'allowlist.undoRemove': method(
    'Put back an entry removed in this session, as it was, through the same writes (not_found when there is nothing to undo).',
    z.object({ key: keyInput, scope: z.enum(['project', 'preset', 'session', 'deny']) }).strict(),
    allowlistViewSchema,
  ),
  'allowlist.changeScope': method(
    'Move an entry between session and project scope (the ceiling is checked).',
    z.object({ key: keyInput, from: z.enum(['project', 'preset', 'session']), to: z.enum(['project', 'session']) }).strict(),
    allowlistViewSchema,
  ),
  'allowlist.reload': method(
    'Apply codecoder.json as it is on disk now (/reload); lists each CeilingViolation.',
    noInput,
    allowlistViewSchema,
  ),
  'permissions.trust': method(
    "Trust this folder's codecoder.json as reviewed: its allow entries and presets count from now on. Refused when the file is no longer the reviewed content (sha256).",
    z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, 'the sha256 of the reviewed codecoder.json (64 hex digits)') }).strict(),
    allowlistViewSchema,
  ),
  'permissions.untrust': method(
    "Stop trusting this folder's codecoder.json: its allow entries and presets ask again (deny rules still count).",
    noInput,
    allowlistViewSchema,
  ),
  'permissions.test': method(
    'Dry run: how a command would be classified and decided. Never executes, never asks.',
    z.object({ command: z.string().max(100_000) }).strict(),
    z.object({ classification: commandClassSchema, result: dryRunSchema }),
  ),
  'audit.query': method(
    'Recent permission decisions, newest first.',
    z
      .object({
        tool: z.string().max(100).optional(),
        decision: z.enum(['allow', 'deny']).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    z.array(auditRecordSchema),
  ),
  'tools.catalogue': method('The tools, their permission levels, key templates and environments.', noInput, z.array(toolInfoSchema)),
};

export const permissionEvents = {
  'allowlist.changed': event('The allowlist changed (an answer, an edit, a reload, the file on disk).', allowlistViewSchema),
};
