/**
 * Permission modes (main/core/permissions/modes.ts): per conversation, in memory, Ask at the start of
 * every session. Kept here, beside the agent's contract, as an additive domain of two methods and an event.
 */
import { z } from 'zod';
import { event, method } from './define.js';

export const permissionModeSchema = z.enum(['ask', 'plan', 'edits']);
export type PermissionModeView = z.infer<typeof permissionModeSchema>;

export const conversationModeSchema = z.object({
  conversationId: z.string(),
  mode: permissionModeSchema,
  /** The next message carries the plan (the conversation left plan mode with carryPlan). */
  carryPlan: z.boolean(),
  /** In plan mode: the agent has proposed a plan since plan mode began (leaving would carry it). */
  planReady: z.boolean(),
});
export type ConversationModeView = z.infer<typeof conversationModeSchema>;

const conversationId = z.string().min(1).max(200);

export const modeMethods = {
  'mode.get': method(
    'The permission mode of a conversation (Ask when never set).',
    z.object({ conversationId }).strict(),
    conversationModeSchema,
  ),
  'mode.set': method(
    'Set the permission mode of a conversation. Leaving plan mode with carryPlan makes the next message carry the plan.',
    z.object({ conversationId, mode: permissionModeSchema, carryPlan: z.boolean().optional() }).strict(),
    conversationModeSchema,
  ),
};

export const modeEvents = {
  'mode.changed': event('The permission mode of a conversation changed (any window of the project).', conversationModeSchema),
};
