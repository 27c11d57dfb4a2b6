/**
 * How a bench starts several agents at once and answers their prompts, behind one interface, so the
 * same measure runs on whichever way the app offers.
 */
import type { EventName, MethodInput, PendingApprovalView } from '../shared/contract/index.js';
import type { CoreClient } from './coreClient.js';

export interface PreparedRun {
  /** Starts the run with this prompt; resolves with its run id (its `run.finished` ends it). */
  start(prompt: string): Promise<string>;
}

export interface ParallelDriver {
  /** What one parallel unit is called in the rows. */
  unit: string;
  /** Sets up `n` units (untimed), each ready to start. */
  prepare(client: CoreClient, n: number): Promise<PreparedRun[]>;
  /** The pending approvals an event lists, if it is the event that lists them. */
  pendingOf(name: EventName, payload: unknown): PendingApprovalView[];
  answer(client: CoreClient, approval: PendingApprovalView, answer: MethodInput<'approvals.answer'>['answer']): Promise<void>;
}

/** N conversations of one project, each with its own run: the app's runtime before worktree agents. */
export const conversationDriver: ParallelDriver = {
  unit: 'conversation',
  prepare: async (client, n) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const { id } = await client.call('conversations.create');
        return { start: async (text: string) => (await client.call('agent.send', { conversationId: id, text })).runId };
      }),
    ),
  pendingOf: (name, payload) => (name === 'approvals.changed' ? (payload as PendingApprovalView[]) : []),
  answer: async (client, approval, answer) => {
    await client.call('approvals.answer', { id: approval.id, answer });
  },
};
