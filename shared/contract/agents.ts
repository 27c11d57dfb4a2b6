/**
 * Background agents (main/core/agents/, docs/agents.md): each a conversation whose project root is
 * its own git worktree and branch in the app's data folder, started from the window's project, run
 * at most `limit` at once (the rest queued), reviewed by its diff against the commit it started
 * from and merged back, or discarded. Their approvals are the project's (`approvals.list` /
 * `approvals.changed` / `approvals.answer`), each naming its agent (`worktreeAgentId`); their live
 * events are `agent.event`s with the agent's conversation id. Additive: seven methods, one event.
 */
import { z } from 'zod';
import { event, method, noInput, ok } from './define.js';
import { agentEventSchema, usageSchema } from './agentEvents.js';

/**
 * queued: waits for a free slot · running: its model or a tool is working · waiting: a prompt
 * waits for the user · finished: ran to its end (its work committed on its branch) · failed: the
 * run ended in an error · stopped: stopped by the user · interrupted: the app ended while it ran
 * (found on restart) · merged: merged back into the project.
 */
export const agentStatuses = ['queued', 'running', 'waiting', 'finished', 'failed', 'stopped', 'interrupted', 'merged'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/** A name as git and a folder take it: lower-case letters, digits and dashes. */
export const agentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes (starting with a letter or digit)');

export const agentViewSchema = z.object({
  /** Stable id: the name, made unique in the project. */
  id: z.string(),
  name: z.string(),
  status: z.enum(agentStatuses),
  /** The task it was started with. */
  prompt: z.string(),
  /** Its branch in the project's repository (`codecoder/<id>`). */
  branch: z.string(),
  /** The commit it was created from: its diff and merge are against this. */
  baseCommit: z.string(),
  /** Its worktree, in the app's data folder (never inside the project). */
  worktree: z.string(),
  /** Its conversation (its `agent.event`s and approvals carry this id). */
  conversationId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Ids of its approvals waiting for an answer (the project's `approvals.list` holds them). */
  waitingApprovals: z.array(z.string()),
  /** Files its branch and worktree change against the base (counted when it last stopped running, or live). */
  filesChanged: z.number().int().min(0),
  /** Model usage and cost over all its runs. */
  usage: usageSchema,
  /** Why it failed or was interrupted, or what the last merge said. */
  message: z.string().optional(),
});
export type AgentView = z.infer<typeof agentViewSchema>;

export const agentFileChangeSchema = z.object({
  path: z.string(),
  change: z.enum(['added', 'modified', 'deleted', 'renamed']),
  /** Names a protected entry (.git, codecoder.json, …): merging it asks first. */
  protected: z.boolean(),
});

export const agentDiffSchema = z.object({
  id: z.string(),
  baseCommit: z.string(),
  files: z.array(agentFileChangeSchema),
  /** The unified diff against the base, cut at a bound (`truncated`). */
  diff: z.string(),
  truncated: z.boolean(),
});
export type AgentDiffView = z.infer<typeof agentDiffSchema>;

/**
 * fast-forward / merged: done (the agent is now `merged`) · conflict: the merge would conflict —
 * nothing in the project was changed, `conflicts` shows each file with git's markers · refused:
 * not attempted (why in `message`: the project has uncommitted changes in files the merge touches,
 * a protected entry was not approved, the agent is still running…) · up-to-date: nothing to merge.
 */
export const agentMergeSchema = z.object({
  outcome: z.enum(['fast-forward', 'merged', 'conflict', 'refused', 'up-to-date']),
  message: z.string(),
  /** Files the merge changes in the project (or would have). */
  files: z.array(z.string()),
  conflicts: z.array(z.object({ path: z.string(), diff: z.string() })),
  agent: agentViewSchema,
});
export type AgentMergeView = z.infer<typeof agentMergeSchema>;

const agentId = z.object({ id: z.string().min(1).max(80) }).strict();

export const agentsMethods = {
  'agents.list': method(
    "This project's background agents, oldest first, with how many may run at once.",
    noInput,
    z.object({ agents: z.array(agentViewSchema), limit: z.number().int().min(1) }),
  ),
  'agents.start': method(
    'Start a background agent on its own worktree and branch of the project (queued when `limit` already run).',
    z.object({ prompt: z.string().trim().min(1).max(100_000), name: agentNameSchema.optional() }).strict(),
    agentViewSchema,
  ),
  'agents.stop': method('Stop a queued or running agent (its worktree and branch stay for review).', agentId, agentViewSchema),
  'agents.diff': method("An agent's changes against the commit it started from. Changes nothing.", agentId, agentDiffSchema),
  'agents.merge': method(
    "Merge an agent's branch into the project: fast-forward, or a merge commit; a conflict is shown and nothing is changed. Never forced; refused when the project has uncommitted changes in the files it touches. Touching a protected entry asks first.",
    agentId,
    agentMergeSchema,
  ),
  'agents.events': method(
    "An agent's conversation as recorded (the transcript), like conversations.events for the project's own.",
    agentId,
    z.object({ agent: agentViewSchema, events: z.array(agentEventSchema) }),
  ),
  'agents.discard': method('Remove an agent: its worktree, its branch and its entry (stopping it first).', agentId, ok),
};

export const agentsEvents = {
  'agents.status': event(
    'One background agent of this project changed (status, waiting prompts, files, usage); removed: discarded.',
    z.object({ agent: agentViewSchema, removed: z.boolean() }),
  ),
};
