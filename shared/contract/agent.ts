import { z } from 'zod';
import { agentEventSchema, askAnswerSchema, MAX_HUNKS } from './agentEvents.js';
import { event, method, noInput, ok } from './define.js';
import { environmentSchema } from './permissions.js';

/** One hunk of a proposed change, as the approval prompt lists it (preview.hunks). */
export const hunkViewSchema = z.object({
  oldStart: z.number().int().min(0),
  oldLines: z.number().int().min(0),
  newStart: z.number().int().min(0),
  newLines: z.number().int().min(0),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  /** Its first added or removed line (without the +/-), cut to a line's worth: which change this is, in words. */
  firstChange: z.string(),
});
export type HunkView = z.infer<typeof hunkViewSchema>;

/** What the approval prompt shows. Built in main from the AskRequest and the tool's arguments. */
export const pendingApprovalSchema = z.object({
  id: z.string(),
  kind: z.enum(['tool', 'presets']),
  agentId: z.string(),
  conversationId: z.string(),
  /** Set when a background agent (its own worktree, `agents.list`) asks: which one. */
  worktreeAgentId: z.string().optional(),
  /** 0 = the main agent, 1 = a sub-agent. */
  depth: z.number().int(),
  createdAt: z.number(),
  tool: z.string().optional(),
  /** The model's tool call this prompt is for, when there is one. */
  callId: z.string().optional(),
  environment: environmentSchema.optional(),
  key: z.string().optional(),
  /** The highest scope this key may be granted; 'session' for shell keys (the ceiling rule). */
  ceiling: z.enum(['session', 'project']).optional(),
  /**
   * The answers the engine will honour for this key (besides deny), lowest first: a prompt offers
   * these and nothing else. ['once'] for a protected or outside path; no 'project' above the ceiling.
   */
  scopes: z.array(z.enum(['once', 'session', 'project'])).optional(),
  flags: z
    .object({
      protectedPath: z.boolean().optional(),
      outsideProject: z.boolean().optional(),
      compound: z.boolean().optional(),
      notes: z.array(z.string()).optional(),
      programs: z.array(z.object({ program: z.string(), subcommand: z.string().optional() })).optional(),
    })
    .optional(),
  args: z.unknown().optional(),
  preview: z
    .object({
      command: z.string().optional(),
      argv: z.array(z.string()).optional(),
      /** A unified diff for file writes and edits. */
      diff: z.string().optional(),
      /**
       * The diff's hunks, in the order of its `@@` headers, when the user may take or reject each
       * (an answer "once" with `hunks`): where each sits (the header's numbers), what it adds and
       * removes, its first changed line. Absent: the change is taken whole or not at all.
       */
      hunks: z.array(hunkViewSchema).max(MAX_HUNKS).optional(),
      path: z.string().optional(),
      /** An MCP server's tool: which server, the tool's own name, the server's hints (shown, never trusted). */
      mcp: z.object({ server: z.string(), tool: z.string(), hints: z.array(z.string()) }).optional(),
      /**
       * For deletes: what would go. `files`/`bytes` of a folder (`complete` false when the count
       * stopped early); `gitTracked`: how many of those files git tracks (absent outside a repository).
       */
      entry: z
        .object({
          kind: z.enum(['file', 'dir', 'symlink', 'missing']),
          bytes: z.number().optional(),
          files: z.number().optional(),
          complete: z.boolean().optional(),
          gitTracked: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
  /** For kind 'presets': the AlwaysThisSession entries of codecoder.json offered at session start. */
  presets: z.array(z.string()).optional(),
});
export type PendingApprovalView = z.infer<typeof pendingApprovalSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int(),
  running: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const agentMethods = {
  'approvals.list': method('Pending approvals of this project, oldest first.', noInput, z.array(pendingApprovalSchema)),
  'approvals.answer': method(
    'Answer a pending approval (once, session with optional time limit, project, deny with optional reason).',
    z.object({ id: z.string().min(1).max(200), answer: askAnswerSchema }).strict(),
    ok,
  ),
  'approvals.answerPresets': method(
    'Answer the session-presets prompt: the keys accepted for this session (empty = none).',
    z.object({ id: z.string().min(1).max(200), accept: z.array(z.string().max(10_000)).max(1000) }).strict(),
    ok,
  ),
  'conversations.list': method('Conversations of this project, newest first.', noInput, z.array(conversationSummarySchema)),
  'conversations.create': method('Start a new, empty conversation.', noInput, conversationSummarySchema),
  'conversations.rename': method(
    'Rename a conversation.',
    z.object({ id: z.string().min(1).max(200), title: z.string().trim().min(1, 'enter a title').max(200) }).strict(),
    conversationSummarySchema,
  ),
  'conversations.delete': method(
    'Delete a conversation and its transcript (refused while the agent works in it).',
    z.object({ id: z.string().min(1).max(200) }).strict(),
    ok,
  ),
  'conversations.rewind': method(
    'Cut a conversation at one of its messages (Edit, Regenerate): that message and everything after it go. `text` is the message as shown; refused when it is not the message at that place any more (a compacted conversation), or while the agent works in it. Files are not touched (checkpoints.restore does that).',
    z
      .object({
        id: z.string().min(1).max(200),
        messageIndex: z.number().int().min(0),
        text: z.string().max(1_000_000),
      })
      .strict(),
    z.object({ removedMessages: z.number().int() }),
  ),
  'conversations.events': method(
    'The recorded events of a conversation, to render its transcript.',
    z.object({ id: z.string().min(1).max(200) }).strict(),
    z.object({ conversation: conversationSummarySchema, events: z.array(agentEventSchema) }),
  ),
  'agent.send': method(
    'Send a message; the agent runs and streams agent.event.',
    z
      .object({
        conversationId: z.string().min(1).max(200),
        text: z.string().trim().min(1, 'type a message').max(100_000),
        /** Project-relative files the message @-mentions: main checks each is a file in the project; the agent reads them first. */
        attachments: z.array(z.string().min(1).max(4096)).max(20).optional(),
        /**
         * "Agent in a container": from this message on, the conversation's commands (run_command)
         * run in a container (run_container's engine and confinement); false goes back to the
         * host shell. Absent: unchanged. Kept while the project is open.
         */
        inContainer: z.boolean().optional(),
      })
      .strict(),
    z.object({ runId: z.string() }),
  ),
  'agent.stop': method(
    'Stop the running agent of a conversation (cooperative cancellation). Harmless when nothing runs.',
    z.object({ conversationId: z.string().min(1).max(200) }).strict(),
    z.object({ stopped: z.boolean() }),
  ),
  'agent.stopCall': method(
    'Stop one running tool call (a command: its process group is killed). The run goes on; the model reads that the user stopped it.',
    z.object({ conversationId: z.string().min(1).max(200), callId: z.string().min(1).max(200) }).strict(),
    z.object({ stopped: z.boolean() }),
  ),
};

export const agentEvents = {
  'agent.event': event('One step of an agent run (text, tool calls, approvals, sub-agents, the end).', agentEventSchema),
  'approvals.changed': event('The pending approvals of this project changed.', z.array(pendingApprovalSchema)),
  'approvals.focus': event(
    'The user clicked a native notification: bring this approval prompt to the front.',
    z.object({ id: z.string() }),
  ),
};
