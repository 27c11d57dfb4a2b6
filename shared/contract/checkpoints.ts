/**
 * Checkpoints (main/core/checkpoints/): snapshots of the project's files taken before agent turns
 * that may change them. Additive: three methods; the transcript learns of checkpoints through the
 * `checkpoint` agent event.
 */
import { z } from 'zod';
import { method } from './define.js';

export const checkpointViewSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  kind: z.enum(['turn', 'before-restore']),
  label: z.string(),
  createdAt: z.number(),
  turn: z.number().int().optional(),
  /** Set when the conversation can be rewound with the files (to before the message of its run). */
  messageIndex: z.number().int().optional(),
  /**
   * Set on the checkpoint taken before a restore that rewound the conversation (or undid that):
   * restoring to it with the conversation brings `back` messages back and cuts `cut`.
   */
  conversationChange: z.object({ back: z.number().int(), cut: z.number().int() }).optional(),
  files: z.number().int(),
  bytes: z.number(),
});

export const fileChangeSchema = z.object({
  path: z.string(),
  /** restore: changed since, brought back · recreate: deleted since · delete: created since, removed. */
  change: z.enum(['restore', 'recreate', 'delete']),
});
export type FileChangeView = z.infer<typeof fileChangeSchema>;

const id = z.string().min(1).max(200);

export const checkpointMethods = {
  'checkpoints.list': method(
    "This project's checkpoints, newest first (one conversation's when given), with the space they use and the cap.",
    z.object({ conversationId: id.optional() }).strict(),
    z.object({ checkpoints: z.array(checkpointViewSchema), usageBytes: z.number(), capBytes: z.number() }),
  ),
  'checkpoints.preview': method(
    'The files restoring to a checkpoint would change. Changes nothing.',
    z.object({ id }).strict(),
    z.object({ checkpoint: checkpointViewSchema, changes: z.array(fileChangeSchema) }),
  ),
  'checkpoints.restore': method(
    "Restore the project's files to a checkpoint (a checkpoint is taken first, so it can be undone); optionally the conversation too: rewound to before the checkpoint's message, or, for the checkpoint taken before such a rewind, its messages put back (refused with a reason when the conversation changed since).",
    z.object({ id, rewindConversation: z.boolean() }).strict(),
    z.object({
      changes: z.array(fileChangeSchema),
      undoId: z.string(),
      skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
      rewoundMessages: z.number().int(),
      /** Messages put back by undoing a rewind. */
      restoredMessages: z.number().int(),
      /** The prompt of the message a rewind cut: the message box offers it for editing. */
      rewoundPrompt: z.string().optional(),
      /** Why the conversation was left as it was (it changed while the files were restored). */
      conversationNote: z.string().optional(),
    }),
  ),
};
